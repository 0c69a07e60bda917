// drift: what changed on the hosts outside the code since the last deploy, from a refresh-only plan.
export { main, DRIFT_USAGE, EXIT_DRIFT } from "./main";
export type { DriftDependencies } from "./main";
export { buildDriftReport } from "./findings";
export type {
  DriftReport,
  DriftFinding,
  DriftChange,
  RuntimeChange,
  RefreshPlanJson,
  DriftReportOptions,
} from "./findings";
export { renderDriftText } from "./render-text";
export { renderDriftMarkdown } from "./render-markdown";
export { locateDriftStack, refreshOnlyPlan, asRefreshPlan, stateExists } from "./refresh-plan";
export type { RefreshPlanOptions } from "./refresh-plan";
