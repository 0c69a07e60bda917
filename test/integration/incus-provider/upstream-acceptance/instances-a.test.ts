// The official acceptance tests of incus_instance, incus_instance_snapshot and incus_image (suite.ts), first half
// (instances-b.test.ts has the other): together they would be the longest integration file by far.
import { defineUpstreamTests } from "./suite";

jest.setTimeout(600_000);

defineUpstreamTests(/^internal\/(instance|image)\//, { index: 0, count: 2 });
