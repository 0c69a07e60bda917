// What code outside the bundled incus provider uses of it: the ownership key (tests). main.ts loads ./provider
// itself, lazily, and nothing else needs the provider's internals.
export { OWNER_KEY } from "./common";
