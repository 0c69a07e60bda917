// `cdktf synth` / `cdktf deploy` entry of the web-forward example.
import { App } from "cdktf";
import { WebForwardStack } from "./stack";

const app = new App();
new WebForwardStack(app, process.env.CDKTF_VIRT_STACK ?? "cdktf-virt-web");
app.synth();
