// The raw-REST baseline: the fewest Incus API calls that reach the same end state as a Terraform apply, sent with
// undici over the local unix socket and nothing else (no provider, no gRPC, no state). Benchmarks compare the bundled
// provider against this to show its overhead. Deliberately independent of lib/incus, so a slow path in the project's
// own client shows up in the ratio instead of being hidden in the baseline.
// @ts-check
"use strict";
const { Agent, request } = require("undici");

const ORIGIN = "http://incus";
const STALE = new Set(["EPIPE", "ECONNRESET", "UND_ERR_SOCKET"]);

class RawIncus {
  /** @param {string} [socketPath] default $INCUS_SOCKET, else $INCUS_DIR/unix.socket, else /var/lib/incus/unix.socket */
  constructor(socketPath) {
    this.socketPath =
      socketPath ?? process.env.INCUS_SOCKET ?? `${process.env.INCUS_DIR ?? "/var/lib/incus"}/unix.socket`;
    this.dispatcher = new Agent({ connect: { socketPath: this.socketPath } });
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
      res = await request(`${ORIGIN}${path}`, {
        method,
        dispatcher: this.dispatcher,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      text = await res.body.text();
    } catch (err) {
      throw new Error(`${method} ${path} on ${this.socketPath} failed: ${err.code ?? ""} ${err.message}`, { cause: err });
    }
    const json = text ? JSON.parse(text) : {};
    if (res.statusCode >= 400 || json.type === "error") {
      const err = /** @type {Error & { status?: number }} */ (new Error(`${method} ${path} on ${this.socketPath}: HTTP ${res.statusCode} ${json.error ?? text}`));
      err.status = res.statusCode;
      throw err;
    }
    return json;
  }

  /** A call that returns an operation; waits for it and fails when it failed. */
  async operation(method, path, body) {
    const started = await this.call(method, path, body);
    const id = started.metadata?.id ?? String(started.operation ?? "").split("/").pop();
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
    await this.operation("POST", "/1.0/instances", { name, type: "container", source: { type: "image", alias: image }, devices, config });
    await this.operation("PUT", `/1.0/instances/${name}/state`, { action: "start", timeout: 30 });
  }

  /** @param {string} name @param {string} [project] default: the default project */
  getInstance(name, project) {
    return this.call("GET", `/1.0/instances/${name}${inProject(project)}`);
  }

  /** @param {string} name @param {string} [project] */
  getInstanceState(name, project) {
    return this.call("GET", `/1.0/instances/${name}/state${inProject(project)}`);
  }

  /** @param {string} pool @param {string} name @param {string} [project] */
  getVolume(pool, name, project) {
    return this.call("GET", `/1.0/storage-pools/${pool}/volumes/custom/${name}${inProject(project)}`);
  }

  /** Stops (forced) and deletes an instance; a missing one is fine. @param {string} name @param {string} [project] */
  async deleteInstance(name, project) {
    try {
      await this.operation("PUT", `/1.0/instances/${name}/state${inProject(project)}`, { action: "stop", force: true, timeout: 30 });
    } catch (err) {
      if (err.status === 404) return;
      if (!/already stopped|not running/i.test(err.message)) throw err;
    }
    await this.operation("DELETE", `/1.0/instances/${name}${inProject(project)}`).catch((err) => {
      if (err.status !== 404) throw err;
    });
  }

  /** Deletes a custom volume; a missing one is fine. @param {string} pool @param {string} name @param {string} [project] */
  async deleteVolume(pool, name, project) {
    await this.call("DELETE", `/1.0/storage-pools/${pool}/volumes/custom/${name}${inProject(project)}`).catch((err) => {
      if (err.status !== 404) throw err;
    });
  }

  /**
   * Names of the instances (or custom volumes of `pool`) starting with `prefix`.
   * @param {string} prefix @param {string} [pool] @param {string} [project]
   */
  async namesWithPrefix(prefix, pool, project) {
    const path = `${pool ? `/1.0/storage-pools/${pool}/volumes/custom` : "/1.0/instances"}${inProject(project)}`;
    const urls = (await this.call("GET", path)).metadata ?? [];
    return urls.map((u) => decodeURIComponent(u.split("?")[0].split("/").pop())).filter((n) => n.startsWith(prefix));
  }

  close() {
    return this.dispatcher.close();
  }
}

/** The query string that places a call in `project` (nothing for the default project). @param {string} [project] */
function inProject(project) {
  return project ? `?project=${encodeURIComponent(project)}` : "";
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
