// The official acceptance tests of networks, profiles, projects, storage pools and volumes and the cluster data
// source (suite.ts), and the list of the official tests this machine cannot run.
import { defineNotRunTest, defineUpstreamTests } from "./suite";

jest.setTimeout(600_000);

defineNotRunTest();
defineUpstreamTests(/^internal\/(?!instance\/|image\/)/);
