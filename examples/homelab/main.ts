// `cdktf synth` / `cdktf deploy` entry of the homelab example (the root cdktf.json runs it from dist/).
import { App } from "cdktf";
import { HomelabStack } from "./stack";

const app = new App();
new HomelabStack(app, process.env.CDKTF_VIRT_STACK ?? "cdktf-virt-homelab");
app.synth();
