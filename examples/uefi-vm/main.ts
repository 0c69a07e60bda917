import { App } from "cdktf";
import { UefiVmStack } from "./stack";

const app = new App();
new UefiVmStack(app, process.env.CDKTF_VIRT_STACK ?? "cdktf-virt-uefi-vm");
app.synth();
