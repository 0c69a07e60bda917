// The official acceptance tests of incus_instance, incus_instance_snapshot and incus_image (suite.ts).
import { defineUpstreamTests } from "./suite";

jest.setTimeout(600_000);

defineUpstreamTests(/^internal\/(instance|image)\//);
