// A provider session against a fake incusd: one client, as Terraform's one provider process per command has, and the
// context a resource's create, read, update and delete get from the framework.
import { Diagnostics } from "../../../lib/provider/framework";
import type { ResourceContext } from "../../../lib/provider/framework";
import type { IncusProviderData } from "../../../lib/provider/incus/provider-data";
import type { FakeIncus } from "../incus/fake-incus";

export function fakeSession(fake: FakeIncus): ResourceContext<IncusProviderData> & { diagnostics: Diagnostics } {
  const client = fake.client();
  const data = {
    client: () => client,
    defaultRemote: "local",
    waitTimeoutMs: 5000,
    remoteName: (r: string | null) => r || "local",
    remoteNames: () => ["local"],
  } as unknown as IncusProviderData;
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
  return { providerData: data, signal: new AbortController().signal, diagnostics: new Diagnostics(), log };
}
