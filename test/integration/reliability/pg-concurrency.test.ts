// Concurrency drill with a real PostgreSQL state backend (`pg`), CI size: deploys of one 4-container stack from
// several working directories (several CI jobs) at the same moment. Without a lock timeout the loser fails cleanly
// on the lock and changes nothing; with one, three deploys take turns and the later ones find nothing to do; a
// deploy SIGKILLed while it holds the lock does not block the next one, which converges. Afterwards the state is
// intact: it tracks every object once, Incus holds exactly the stack's objects, and every plan is empty. The heavy
// variant (test/reliability/pg-concurrency.test.ts) runs a larger stack and more deploys at once.
import { pgConcurrencySuite } from "./support/pg-drill";

pgConcurrencySuite({ tag: "rel", count: 4, waiting: 3, timeoutMs: 400_000 });
