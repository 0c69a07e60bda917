// doctor: checks the toolchain, the bundled providers, the daemons and the certificates, each problem with its fix.
export { main, DOCTOR_USAGE } from "./main";
export { runDoctor, DEFAULT_PROBES } from "./doctor";
export type { DoctorOptions, DoctorProbes } from "./doctor";
export { renderChecks } from "./check-result";
export type { CheckResult, CheckStatus } from "./check-result";
export { checkNode, checkTerraform, compareVersions } from "./toolchain-checks";
export { checkBundledProviders, checkCliConfig } from "./provider-checks";
export type { ProviderLayout } from "./provider-checks";
export { checkIncus, checkLibvirt, probeIncus } from "./daemon-checks";
export type { IncusProbe } from "./daemon-checks";
export { checkCertificates } from "./certificate-checks";
export { STARTER_IMAGE, checkImage, probeImage } from "./image-checks";
export type { ImageProbe } from "./image-checks";
