// Executable entry of the bundled libvirt provider (bundled to dist/providers/terraform-provider-libvirt.js).
import { serveProvider } from "../framework";
import { libvirtProvider } from "./provider";

serveProvider(libvirtProvider);
