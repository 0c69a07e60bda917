// explain: a plan in words per instance and volume, and the --guard gate for pipelines.
export { main, EXPLAIN_USAGE } from "./main";
export type { ExplainDependencies } from "./main";
export { explainPlan, planCouplingModel } from "./explain";
export { evaluateGuard, renderGuard, describeCauses } from "./guard";
export type { GuardResult, GuardOffender } from "./guard";
export { renderExplainText } from "./render-text";
export { renderExplainMarkdown } from "./render-markdown";
export type { ExplainMarkdownOptions } from "./render-markdown";
export { buildExplainReport } from "./report";
export type { ExplainOptions } from "./report";
export type {
  ExplainReport,
  InstanceReport,
  VolumeReport,
  AttachedVolumeReport,
  OtherReport,
  DeletionReport,
  ActionCounts,
  VolumeEffect,
  RemovalReport,
  RebuildSnapshotReport,
} from "./report";
export type { Cause, ChangeKind } from "./changes";
export { asPlanJson } from "./plan-json";
export type { PlanJson, PlanResourceChange } from "./plan-json";
export { loadPlanInput } from "./plan-source";
export type { PlanInput, LoadPlanOptions } from "./plan-source";
