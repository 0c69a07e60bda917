// Concurrent reads share virsh processes (read-batcher.ts), against a stand-in runner that records each process
// and answers each command with its own text: what each caller gets back, and how failures and aborts stay its own.
import { VirshError } from "../../../lib/libvirt";
import type { VirshBatchResult, VirshCallOptions } from "../../../lib/libvirt";
import { ReadBatcher } from "../../../lib/libvirt/read-batcher";

interface Process {
  readonly commands: ReadonlyArray<readonly string[]>;
  readonly options: VirshCallOptions;
  finish(): void;
}

/** A runner whose processes finish when the test says so (or at once with `auto`). */
function standIn(behaviour: { auto?: boolean; failShared?: boolean } = {}) {
  const processes: Process[] = [];
  const runner = {
    timeoutMs: 1000,
    describe: (args: readonly string[]) => `virsh ${args.join(" ")}`,
    runBatch(commands: ReadonlyArray<readonly string[]>, options: VirshCallOptions): Promise<VirshBatchResult[]> {
      return new Promise((resolve, reject) => {
        const finish = () => {
          if (options.signal?.aborted) {
            reject(new VirshError({ code: "ABORTED", virshMessage: "aborted", exitCode: null, command: "x" }));
          } else if (behaviour.failShared && commands.length > 1) {
            reject(new VirshError({ code: "FAILED", virshMessage: "virsh crashed", exitCode: 1, command: "x" }));
          } else {
            resolve(
              commands.map(([verb, name]) =>
                name === "missing"
                  ? {
                      stdout: "",
                      error: new VirshError({ code: "NOT_FOUND", virshMessage: "no", exitCode: 1, command: verb }),
                    }
                  : { stdout: `${verb} of ${name}` },
              ),
            );
          }
        };
        processes.push({ commands, options, finish });
        if (behaviour.auto) setImmediate(finish);
        options.signal?.addEventListener("abort", finish, { once: true });
      });
    },
  };
  return { processes, batcher: new ReadBatcher(runner, { windowMs: 5, lanes: 2, maxCommands: 64 }) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

test("reads that arrive together share one process and each caller gets its own results", async () => {
  const { processes, batcher } = standIn({ auto: true });
  const [a, b, c] = await Promise.all([
    batcher.run([
      ["dominfo", "a"],
      ["dumpxml", "a"],
    ]),
    batcher.run([["dominfo", "missing"]]),
    batcher.run([["vol-dumpxml", "c"]]),
  ]);
  expect(processes).toHaveLength(1);
  expect(processes[0].commands).toHaveLength(4);
  expect(a.map((r) => r.stdout)).toEqual(["dominfo of a", "dumpxml of a"]);
  expect(b[0].error?.code).toBe("NOT_FOUND");
  expect(c).toEqual([{ stdout: "vol-dumpxml of c" }]);
});

test("at most two processes run; reads that arrive meanwhile go out together when one ends", async () => {
  const { processes, batcher } = standIn();
  const first = batcher.run([["dominfo", "a"]]);
  await tick();
  const second = batcher.run([["dominfo", "b"]]);
  await tick();
  const later = [batcher.run([["dominfo", "c"]]), batcher.run([["dominfo", "d"]])];
  await tick();
  expect(processes).toHaveLength(2);
  processes[0].finish();
  await expect(first).resolves.toEqual([{ stdout: "dominfo of a" }]);
  await tick();
  expect(processes).toHaveLength(3);
  expect(processes[2].commands).toEqual([
    ["dominfo", "c"],
    ["dominfo", "d"],
  ]);
  processes[1].finish();
  processes[2].finish();
  await expect(second).resolves.toEqual([{ stdout: "dominfo of b" }]);
  expect((await Promise.all(later)).map(([r]) => r.stdout)).toEqual(["dominfo of c", "dominfo of d"]);
});

test("a shared process that fails as a whole runs each caller's reads again on their own", async () => {
  const { processes, batcher } = standIn({ auto: true, failShared: true });
  const results = await Promise.all([batcher.run([["dominfo", "a"]]), batcher.run([["dominfo", "b"]])]);
  expect(results.map(([r]) => r.stdout)).toEqual(["dominfo of a", "dominfo of b"]);
  expect(processes.map((p) => p.commands.length)).toEqual([2, 1, 1]);
});

test("a caller that gives up is answered ABORTED at once; the shared process goes on for the others", async () => {
  const { processes, batcher } = standIn();
  const controller = new AbortController();
  const aborted = batcher.run([["dominfo", "a"]], { signal: controller.signal });
  const kept = batcher.run([["dominfo", "b"]]);
  await tick();
  expect(processes).toHaveLength(1);
  controller.abort();
  await expect(aborted).rejects.toMatchObject({ code: "ABORTED" });
  expect(processes[0].options.signal?.aborted).toBe(false);
  processes[0].finish();
  await expect(kept).resolves.toEqual([{ stdout: "dominfo of b" }]);
});

test("the shared process is killed when every caller has given up", async () => {
  const { processes, batcher } = standIn();
  const controllers = [new AbortController(), new AbortController()];
  const calls = controllers.map((c, i) => batcher.run([["dominfo", `d${i}`]], { signal: c.signal }));
  await tick();
  controllers.forEach((c) => c.abort());
  for (const call of calls) await expect(call).rejects.toMatchObject({ code: "ABORTED" });
  expect(processes[0].options.signal?.aborted).toBe(true);
});
