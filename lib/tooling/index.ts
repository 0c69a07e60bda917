// Lifecycle-aware tooling behind the cdktf-virt command line: explain (and --guard) a plan, graph a stack's
// coupling, report drift, doctor the machine, import a live Incus host. Each command is `main(argv, io) → exit
// code`, with the one IO and error type of every cdktf-virt command; the pure pieces users build on are exported
// too (the coupling model and resource views they are computed from are internal: import ./stack/* by file).
export { main as explainMain, EXPLAIN_USAGE } from "./explain";
export { main as graphMain, GRAPH_USAGE } from "./graph";
export { main as doctorMain, DOCTOR_USAGE } from "./doctor";
export { main as driftMain, DRIFT_USAGE, EXIT_DRIFT } from "./drift";
export { main as importMain, IMPORT_USAGE } from "./import-host";
export type { ToolIO, ToolMain, OutputStream } from "./common/io";
export { EXIT_OK, EXIT_ERROR, EXIT_GUARD_REFUSED } from "./common/io";
export { ToolError, UsageError } from "./common/errors";
export { terraformRunner } from "./common/terraform";
export type { TerraformRunner, TerraformOutput, TerraformRunnerOptions } from "./common/terraform";

export {
  explainPlan,
  evaluateGuard,
  renderGuard,
  renderExplainText,
  renderExplainMarkdown,
  asPlanJson,
  loadPlanInput,
} from "./explain";
export type {
  ExplainDependencies,
  ExplainReport,
  InstanceReport,
  VolumeReport,
  AttachedVolumeReport,
  OtherReport,
  DeletionReport,
  VolumeEffect,
  Cause,
  ChangeKind,
  GuardResult,
  GuardOffender,
  PlanJson,
  PlanInput,
} from "./explain";

export { buildStackGraph, renderMermaid, renderDot, renderSvg, renderHtml } from "./graph";
export type { StackGraph, GraphNode, GraphEdge, GraphNodeKind, GraphEdgeKind, GraphDependencies } from "./graph";

export { buildDriftReport, renderDriftText, renderDriftMarkdown, locateDriftStack, refreshOnlyPlan } from "./drift";
export type {
  DriftDependencies,
  DriftReport,
  DriftFinding,
  DriftChange,
  RuntimeChange,
  RefreshPlanJson,
} from "./drift";

export { runDoctor, renderChecks } from "./doctor";
export type { CheckResult, CheckStatus, DoctorOptions, DoctorProbes } from "./doctor";

export { readSynthesizedStack, parseSynthesizedStack, locateStackDir, STACK_FILE } from "./stack/synthesized-stack";
export type { SynthesizedStack, StackResource, StackProvider } from "./stack/synthesized-stack";
export type { VolumeKind, KindSource } from "./stack/coupling";
