// The official acceptance tests of incus_instance, incus_instance_snapshot and incus_image (suite.ts), second half
// (instances-a.test.ts has the first).
import { defineUpstreamTests } from "./suite";

jest.setTimeout(600_000);

defineUpstreamTests(/^internal\/(instance|image)\//, { index: 1, count: 2 });
