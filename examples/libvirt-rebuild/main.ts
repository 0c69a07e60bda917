import { App } from "cdktf";
import { LibvirtRebuildStack } from "./stack";

const app = new App();
new LibvirtRebuildStack(app, process.env.CDKTF_VIRT_STACK ?? "cdktf-virt-libvirt-rebuild");
app.synth();
