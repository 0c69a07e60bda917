// The raw-REST baseline: the fewest Incus API calls that reach the same end state as a Terraform apply, sent with
// undici over the local unix socket (or, for a remote host, over HTTPS with a client certificate) and nothing else
// (no provider, no gRPC, no state). Benchmarks compare the bundled
// provider against this to show its overhead. Deliberately independent of lib/incus, so a slow path in the project's
// own client shows up in the ratio instead of being hidden in the baseline.
// @ts-check
"use strict";
const { X509Certificate } = require("node:crypto");
const { Agent, buildConnector, request } = require("undici");

const UNIX_ORIGIN = "http://incus";
const STALE = new Set(["EPIPE", "ECONNRESET", "UND_ERR_SOCKET"]);

/**
 * @typedef {object} HttpsEndpoint An Incus server reached over HTTPS, as `incus remote add` leaves it.
 * @property {string} url e.g. "https://198.18.1.2:8443"
 * @property {string | Buffer} clientCert PEM
 * @property {string | Buffer} clientKey PEM
 * @property {string | Buffer} serverCert PEM of the pinned server (or cluster) certificate
 */

class RawIncus {
  /**
   * @param {string | HttpsEndpoint} [endpoint] a unix socket path (default $INCUS_SOCKET, else
   *   $INCUS_DIR/unix.socket, else /var/lib/incus/unix.socket) or an HTTPS endpoint with its client identity
   */
  constructor(endpoint) {
    if (typeof endpoint === "object") {
      this.origin = endpoint.url.replace(/\/+$/, "");
      this.socketPath = this.origin; // named in error messages
      this.dispatcher = new Agent({ connect: pinnedConnector(endpoint) });
    } else {
      this.origin = UNIX_ORIGIN;
      this.socketPath =
        endpoint ?? process.env.INCUS_SOCKET ?? `${process.env.INCUS_DIR ?? "/var/lib/incus"}/unix.socket`;
      this.dispatcher = new Agent({ connect: { socketPath: this.socketPath } });
    }
    this.requests = 0;
  }

  /**
   * One API call; returns the parsed body ("metadata" for sync responses, the operation for async ones). A request
   * that meets a pooled connection the daemon has just closed (EPIPE/ECONNRESET before any answer) is sent once more
   * on a fresh one, so the baseline measures the daemon, not connection-pool luck. `stalenessRetries` counts them.
   */
  async call(method, path, body) {
    try {
      return await this.callOnce(method, path, body);
    } catch (err) {
      if (!STALE.has(err.cause?.code)) throw err;
      this.stalenessRetries = (this.stalenessRetries ?? 0) + 1;
      return this.callOnce(method, path, body);
    }
  }

  async callOnce(method, path, body) {
    this.requests++;
    let res;
    let text;
    try {
      res = await request(`${this.origin}${path}`, {
        method,
        dispatcher: this.dispatcher,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      text = await res.body.text();
    } catch (err) {
      throw new Error(`${method} ${path} on ${this.socketPath} failed: ${err.code ?? ""} ${err.message}`, {
        cause: err,
      });
    }
    const json = text ? JSON.parse(text) : {};
    if (res.statusCode >= 400 || json.type === "error") {
      const err = /** @type {Error & { status?: number }} */ (
        new Error(`${method} ${path} on ${this.socketPath}: HTTP ${res.statusCode} ${json.error ?? text}`)
      );
      err.status = res.statusCode;
      throw err;
    }
    return json;
  }

  /** A call that returns an operation; waits for it and fails when it failed. */
  async operation(method, path, body) {
    const started = await this.call(method, path, body);
    const id =
      started.metadata?.id ??
      String(started.operation ?? "")
        .split("/")
        .pop();
    if (!id) return started;
    const done = await this.call("GET", `/1.0/operations/${id}/wait?timeout=120`);
    if (done.metadata?.status !== "Success") {
      throw new Error(`${method} ${path}: operation ${id} ended ${done.metadata?.status}: ${done.metadata?.err ?? ""}`);
    }
    return done;
  }

  /** A custom filesystem volume with a size and config keys. */
  createVolume(pool, name, config) {
    return this.call("POST", `/1.0/storage-pools/${pool}/volumes/custom`, { name, content_type: "filesystem", config });
  }

  /** A container from an image alias with the given devices, then started (what `incus launch` does). */
  async launchContainer(name, { image, devices, config }) {
    await this.operation("POST", "/1.0/instances", {
      name,
      type: "container",
      source: { type: "image", alias: image },
      devices,
      config,
    });
    await this.operation("PUT", `/1.0/instances/${name}/state`, { action: "start", timeout: 30 });
  }

  /** @param {string} name @param {string} [project] default: the default project @param {string} [target] cluster member */
  getInstance(name, project, target) {
    return this.call("GET", `/1.0/instances/${name}${inProject(project, target)}`);
  }

  /** @param {string} name @param {string} [project] @param {string} [target] */
  getInstanceState(name, project, target) {
    return this.call("GET", `/1.0/instances/${name}/state${inProject(project, target)}`);
  }

  /** @param {string} pool @param {string} name @param {string} [project] @param {string} [target] */
  getVolume(pool, name, project, target) {
    return this.call("GET", `/1.0/storage-pools/${pool}/volumes/custom/${name}${inProject(project, target)}`);
  }

  /** Stops (forced) and deletes an instance; a missing one is fine. @param {string} name @param {string} [project] */
  async deleteInstance(name, project) {
    try {
      await this.operation("PUT", `/1.0/instances/${name}/state${inProject(project)}`, {
        action: "stop",
        force: true,
        timeout: 30,
      });
    } catch (err) {
      if (err.status === 404) return;
      if (!/already stopped|not running/i.test(err.message)) throw err;
    }
    await this.operation("DELETE", `/1.0/instances/${name}${inProject(project)}`).catch((err) => {
      if (err.status !== 404) throw err;
    });
  }

  /**
   * Deletes a custom volume; a missing one is fine.
   * @param {string} pool @param {string} name @param {string} [project] @param {string} [target] cluster member
   */
  async deleteVolume(pool, name, project, target) {
    await this.call("DELETE", `/1.0/storage-pools/${pool}/volumes/custom/${name}${inProject(project, target)}`).catch(
      (err) => {
        if (err.status !== 404) throw err;
      },
    );
  }

  /**
   * Names of the instances (or custom volumes of `pool`) starting with `prefix`.
   * @param {string} prefix @param {string} [pool] @param {string} [project]
   */
  async namesWithPrefix(prefix, pool, project) {
    return (await this.entriesWithPrefix(prefix, pool, project)).map((e) => e.name);
  }

  /**
   * Like namesWithPrefix, with the cluster member each one is on (`target`, for volumes of a member-local pool of
   * a cluster; undefined elsewhere). @param {string} prefix @param {string} [pool] @param {string} [project]
   * @returns {Promise<{ name: string, target?: string }[]>}
   */
  async entriesWithPrefix(prefix, pool, project) {
    const path = `${pool ? `/1.0/storage-pools/${pool}/volumes/custom` : "/1.0/instances"}${inProject(project)}`;
    /** @type {string[]} */
    const urls = (await this.call("GET", path)).metadata ?? [];
    return urls
      .map((u) => {
        const url = new URL(u, "http://incus");
        return {
          name: decodeURIComponent(url.pathname.split("/").pop() ?? ""),
          target: url.searchParams.get("target") ?? undefined,
        };
      })
      .filter((e) => e.name.startsWith(prefix));
  }

  close() {
    return this.dispatcher.close();
  }
}

/**
 * The query string that places a call in `project` (nothing for the default project) and, on a cluster, on the
 * member `target`. @param {string} [project] @param {string} [target]
 */
function inProject(project, target) {
  const query = [
    project ? `project=${encodeURIComponent(project)}` : "",
    target ? `target=${encodeURIComponent(target)}` : "",
  ].filter(Boolean);
  return query.length ? `?${query.join("&")}` : "";
}

/**
 * TLS with the client certificate, the server accepted only when it presents exactly the pinned certificate (Incus
 * certificates are self-signed and rarely name the address, so neither a CA chain nor the host name is checked).
 * @param {HttpsEndpoint} endpoint
 */
function pinnedConnector(endpoint) {
  const pinned = new X509Certificate(endpoint.serverCert).fingerprint256;
  const connect = buildConnector({
    cert: endpoint.clientCert,
    key: endpoint.clientKey,
    rejectUnauthorized: false,
    checkServerIdentity: () => undefined,
    // A resumed session carries no peer certificate to compare; every connection does a full handshake instead.
    maxCachedSessions: 0,
    timeout: 10_000,
  });
  return (options, callback) => {
    connect(options, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error("TLS connection failed"), null);
      const presented = /** @type {import("node:tls").TLSSocket} */ (socket).getPeerX509Certificate?.()?.fingerprint256;
      if (presented === pinned) return callback(null, socket);
      socket.destroy();
      return callback(
        new Error(`${endpoint.url} presented a certificate other than the pinned one (${presented ?? "none"})`),
        null,
      );
    });
  };
}

/** Runs `task(item)` for every item with at most `limit` in flight (Terraform's -parallelism). */
async function withConcurrency(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

module.exports = { RawIncus, withConcurrency };
