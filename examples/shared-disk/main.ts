import { App } from "cdktf";
import { SharedDiskStack } from "./stack";

const app = new App();
new SharedDiskStack(app, process.env.CDKTF_VIRT_STACK ?? "cdktf-virt-shared-disk");
app.synth();
