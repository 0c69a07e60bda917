// Deadline: one budget per call, sub-budgets per request, and the reason an abort happened.
import { Deadline } from "../../../lib/incus/cancel";

test("a budget that runs out aborts with reason timeout", async () => {
  const d = Deadline.start(undefined, 50);
  await new Promise((r) => setTimeout(r, 80));
  expect(d.signal.aborted).toBe(true);
  expect(d.reason()).toBe("timeout");
  expect(d.exhaustedBudgetMs()).toBe(50);
  d.dispose();
});

test("the caller's abort wins, also for children", () => {
  const controller = new AbortController();
  const root = Deadline.start(controller.signal, 10_000);
  const child = root.child(5_000);
  controller.abort();
  expect(root.reason()).toBe("aborted");
  expect(child.signal.aborted).toBe(true);
  expect(child.reason()).toBe("aborted");
  child.dispose();
  root.dispose();
});

test("an already aborted signal stops the deadline at once", () => {
  const d = Deadline.start(AbortSignal.abort(), 10_000);
  expect(d.signal.aborted).toBe(true);
  expect(d.reason()).toBe("aborted");
});

test("a child never outlives its parent, and its own timeout leaves the parent running", async () => {
  const root = Deadline.start(undefined, 10_000);
  expect(root.child(60_000).budgetMs).toBeLessThanOrEqual(10_000);
  const child = root.child(30);
  await new Promise((r) => setTimeout(r, 60));
  expect(child.reason()).toBe("timeout");
  expect(child.exhaustedBudgetMs()).toBe(30);
  expect(root.reason()).toBeUndefined();
  expect(root.signal.aborted).toBe(false);
  root.dispose();
});

test("when the parent's budget runs out, the child reports the parent's budget", async () => {
  const root = Deadline.start(undefined, 40);
  const child = root.child(10_000);
  await new Promise((r) => setTimeout(r, 70));
  expect(child.reason()).toBe("timeout");
  expect(child.exhaustedBudgetMs()).toBe(40);
  child.dispose();
  root.dispose();
});

test("no budget means no timer", () => {
  const d = Deadline.start(undefined, Infinity);
  expect(d.remainingMs()).toBe(Infinity);
  expect(d.child(100).budgetMs).toBe(100);
  d.dispose();
});
