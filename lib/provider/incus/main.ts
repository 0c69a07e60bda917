// Executable entry of the bundled incus provider (bundled to dist/providers/terraform-provider-incus.js).
import { serveProvider } from "../framework";
import { incusProvider } from "./provider";

serveProvider(incusProvider);
