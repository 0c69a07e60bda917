// `cdktf-virt import`: turns a live Incus host into construct code plus Terraform import blocks. `main` is the
// command; the pieces (read, plan, render) are exported for tests and other tools.
export { main, IMPORT_USAGE } from "./main";
export { readHost } from "./snapshot";
export type { HostSnapshot, PooledVolume, ReadHostOptions } from "./snapshot";
export { planImport } from "./plan";
export type { ConstructClass, Declaration, ImportPlan, PlanOptions } from "./plan";
export { renderStack, stackModuleName } from "./render-stack";
export type { RenderOptions, RenderedFiles } from "./render-stack";
export {
  bucketImportId,
  bucketKeyImportId,
  instanceImportId,
  namedImportId,
  projectImportId,
  volumeImportId,
} from "./import-ids";
