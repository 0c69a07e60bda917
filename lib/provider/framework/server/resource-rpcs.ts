// Managed-resource RPCs (config validation is shared with data sources). Each decodes the wire values, runs the
// framework rules and the resource's code, and encodes the answer. The rule that matters most: never lose track
// of a real object. When anything fails after an object exists, the answer still carries the best-known state
// (new, or the unchanged prior bytes).
import { decodeJson, isUnknown, isWhollyKnown } from "../../cty";
import type { CtyInput, CtyObjectValue, CtyValue } from "../../cty";
import type { Tfplugin6 } from "../../plugin";
import { formatAttrPath, sortUniquePaths } from "../diagnostics";
import {
  checkApplyAgainstPlan,
  checkPlanAgainstConfig,
  describeInconsistencies,
  findUnknownPaths,
} from "../consistency";
import { normalizeObject } from "../normalize";
import { planChange } from "../planner";
import type { ApplyResponse, Resource, ResourceContext, State } from "../resource";
import { validateConfigValue } from "../validate";
import { guarded, recordError } from "./calls";
import type { Entry } from "./calls";
import { decodeObject, encodeDynamic, pathToWire } from "./wire";
import type { DecodedObject } from "./wire";

type E = Entry<Resource<unknown>>;
type Ctx = ResourceContext<unknown>;
type Rpc<M extends keyof Tfplugin6> = Tfplugin6[M];

/** What ValidateResourceConfig and ValidateDataResourceConfig need of a resource or data source. */
interface ConfigValidating {
  readonly typeName: string;
  validateConfig?(config: DecodedObject, ctx: Ctx): void | Promise<void>;
}

/** ValidateResourceConfig and ValidateDataResourceConfig: schema checks, then the type's own validateConfig. */
export async function validateConfig(
  e: Entry<ConfigValidating>,
  req: Rpc<"ValidateResourceConfig" | "ValidateDataResourceConfig">["req"],
  ctx: Ctx,
): Promise<Rpc<"ValidateResourceConfig" | "ValidateDataResourceConfig">["res"]> {
  const config = decodeObject(req.config, e.type);
  validateConfigValue(e.schema, config, ctx.diagnostics);
  if (config && e.impl.validateConfig && !ctx.diagnostics.hasErrors()) {
    await guarded(`Validating ${e.impl.typeName}`, ctx.diagnostics, ctx.log, () => e.impl.validateConfig!(config, ctx));
  }
  return {};
}

export async function upgradeResourceState(
  e: E,
  req: Rpc<"UpgradeResourceState">["req"],
  ctx: Ctx,
): Promise<Rpc<"UpgradeResourceState">["res"]> {
  const stored = Number(req.version ?? 0);
  const current = e.schema.version ?? 0;
  const json = req.raw_state?.json;
  const name = e.impl.typeName;
  if (!json || json.length === 0) {
    if (Object.keys(req.raw_state?.flatmap ?? {}).length > 0) {
      ctx.diagnostics.error(
        `Cannot read the state of ${name}`,
        "The state uses the legacy flatmap format, which this provider does not read.",
      );
      return {};
    }
    return { upgraded_state: encodeDynamic(null, e.type) };
  }
  if (stored > current) {
    ctx.diagnostics.error(
      `State of ${name} is from a newer provider`,
      `The stored state has schema version ${stored}, but this provider knows only up to version ${current}. ` +
        `Use a provider version at least as new as the one that wrote the state.`,
    );
    return {};
  }
  let state: CtyInput;
  if (stored === current) {
    // Attributes removed from the schema without a version bump are dropped, new ones start as null.
    state = decodeJson(json, e.type, { ignoreUndefinedAttributes: true });
  } else {
    if (!e.impl.upgradeState) {
      ctx.diagnostics.error(
        `Cannot upgrade the state of ${name}`,
        `The stored state has schema version ${stored}, the resource is at version ${current}, and it defines no upgradeState.`,
      );
      return {};
    }
    const raw: CtyObjectValue = JSON.parse(Buffer.from(json).toString("utf8"));
    const upgraded = await guarded(
      `Upgrading the state of ${name} from version ${stored}`,
      ctx.diagnostics,
      ctx.log,
      () => e.impl.upgradeState!(stored, raw, ctx),
    );
    if (upgraded === undefined || ctx.diagnostics.hasErrors()) return {};
    state = upgraded;
  }
  return { upgraded_state: encodeDynamic(normalizeObject(e.schema, state), e.type) };
}

export async function readResource(
  e: E,
  req: Rpc<"ReadResource">["req"],
  ctx: Ctx,
): Promise<Rpc<"ReadResource">["res"]> {
  const keep = { new_state: req.current_state, private: req.private }; // on any failure: state unchanged
  const what = `Reading ${e.impl.typeName}`;
  try {
    const current = decodeObject(req.current_state, e.type);
    if (current === null) return { new_state: encodeDynamic(null, e.type) };
    const result = await guarded(what, ctx.diagnostics, ctx.log, () =>
      e.impl.read({ state: current, private: privateBytes(req.private) }, ctx),
    );
    if (result === undefined || ctx.diagnostics.hasErrors()) return keep;
    if (result === null) {
      ctx.log.info("object no longer exists; removing it from state");
      return { new_state: encodeDynamic(null, e.type) };
    }
    const state = normalizeObject(e.schema, result);
    const unknown = findUnknownPaths(state, []);
    if (unknown.length > 0) {
      ctx.diagnostics.error(
        `${what} returned unknown values`,
        `Unknown at ${unknown.map(formatAttrPath).join(", ")}; read must return known values.`,
      );
      return keep;
    }
    return { new_state: encodeDynamic(state, e.type), private: req.private };
  } catch (err) {
    recordError(what, err, ctx.diagnostics, ctx.log);
    return keep;
  }
}

export async function planResourceChange(
  e: E,
  req: Rpc<"PlanResourceChange">["req"],
  ctx: Ctx,
): Promise<Rpc<"PlanResourceChange">["res"]> {
  const prior = decodeObject(req.prior_state, e.type);
  const config = decodeObject(req.config, e.type);
  const name = e.impl.typeName;
  const outcome = planChange(e.schema, config, prior);
  let planned = outcome.planned;
  let replace = outcome.requiresReplace;
  let planPrivate = req.prior_private;
  if (e.impl.modifyPlan) {
    const modified = await guarded(`Planning ${name}`, ctx.diagnostics, ctx.log, () =>
      e.impl.modifyPlan!(
        { config, prior, planned, requiresReplace: replace, private: privateBytes(req.prior_private) },
        ctx,
      ),
    );
    if (modified === undefined) return {};
    if (config !== null) {
      if (modified.planned === null) {
        ctx.diagnostics.error(
          `Planning ${name} failed`,
          "modifyPlan returned no plan for a resource that is not being destroyed.",
        );
        return {};
      }
      planned = modified.planned;
      replace = sortUniquePaths([...replace, ...(modified.requiresReplace ?? [])]);
    }
    if (modified.private) planPrivate = modified.private;
  }
  if (config === null || planned === null)
    return { planned_state: encodeDynamic(null, e.type), planned_private: planPrivate };
  planned = normalizeObject(e.schema, planned) as State;
  const problems = checkPlanAgainstConfig(e.schema, config, planned);
  if (problems.length > 0) {
    const detail = describeInconsistencies(problems);
    ctx.log.error(`invalid plan for ${name}: ${detail}`);
    ctx.diagnostics.error(
      `Provider produced an invalid plan for ${name}`,
      `${detail}. This is a bug in the provider.`,
      problems[0].path,
    );
    return {};
  }
  return {
    planned_state: encodeDynamic(planned, e.type),
    requires_replace: prior === null ? [] : replace.map(pathToWire),
    planned_private: planPrivate,
  };
}

export async function applyResourceChange(
  e: E,
  req: Rpc<"ApplyResourceChange">["req"],
  ctx: Ctx,
): Promise<Rpc<"ApplyResourceChange">["res"]> {
  const prior = decodeObject(req.prior_state, e.type);
  const planned = decodeObject(req.planned_state, e.type);
  const name = e.impl.typeName;
  const priv = privateBytes(req.planned_private);
  const keepPrior = { new_state: req.prior_state, private: req.planned_private };
  if (planned === null) {
    if (prior === null) return { new_state: encodeDynamic(null, e.type) };
    await guarded(`Deleting ${name}`, ctx.diagnostics, ctx.log, () => e.impl.delete({ prior, private: priv }, ctx));
    return ctx.diagnostics.hasErrors() ? keepPrior : { new_state: encodeDynamic(null, e.type) };
  }
  const config = decodeObject(req.config, e.type) ?? {};
  const resp: ApplyResponse = { state: null };
  if (prior === null) {
    await guarded(`Creating ${name}`, ctx.diagnostics, ctx.log, () =>
      e.impl.create({ config, planned, private: priv }, ctx, resp),
    );
    if (resp.state === null) {
      if (!ctx.diagnostics.hasErrors())
        ctx.diagnostics.error(
          `Creating ${name} failed`,
          "create finished without setting resp.state; this is a bug in the provider.",
        );
      return { new_state: encodeDynamic(null, e.type) };
    }
  } else {
    await guarded(`Updating ${name}`, ctx.diagnostics, ctx.log, () =>
      e.impl.update({ config, prior, planned, private: priv }, ctx, resp),
    );
    if (resp.state === null) {
      if (ctx.diagnostics.hasErrors()) return keepPrior;
      if (!isWhollyKnown(planned)) {
        const unknown = findUnknownPaths(planned, []).map(formatAttrPath).join(", ");
        ctx.diagnostics.error(
          `Updating ${name} failed`,
          `update did not set resp.state, and the plan has unknown values (${unknown}).`,
        );
        return keepPrior;
      }
      resp.state = planned;
    }
  }
  return finishApply(e, planned, resp, req, ctx, prior === null ? null : keepPrior);
}

/** Encodes the state after create/update, checking it against the plan first. */
function finishApply(
  e: E,
  planned: State,
  resp: ApplyResponse,
  req: Rpc<"ApplyResourceChange">["req"],
  ctx: Ctx,
  fallback: Rpc<"ApplyResourceChange">["res"] | null,
): Rpc<"ApplyResourceChange">["res"] {
  const name = e.impl.typeName;
  const failed = ctx.diagnostics.hasErrors();
  try {
    let state = normalizeObject(e.schema, resp.state) as State;
    const unknown = findUnknownPaths(state, []);
    if (unknown.length > 0) {
      if (!failed) {
        ctx.diagnostics.error(
          `Applying ${name} left values unknown`,
          `Still unknown after apply: ${unknown.map(formatAttrPath).join(", ")}. This is a bug in the provider.`,
        );
      }
      state = withoutUnknowns(state) as State;
    }
    if (!failed) {
      const problems = checkApplyAgainstPlan(e.schema, planned, state);
      if (problems.length > 0) {
        ctx.log.error(
          `inconsistent result after apply of ${name} (Terraform will reject it): ${describeInconsistencies(problems)}`,
        );
      }
    }
    return { new_state: encodeDynamic(state, e.type), private: resp.private ?? req.planned_private };
  } catch (err) {
    recordError(`Saving the state of ${name}`, err, ctx.diagnostics, ctx.log);
    return fallback ?? { new_state: encodeDynamic(null, e.type) };
  }
}

export async function importResourceState(
  e: E,
  req: Rpc<"ImportResourceState">["req"],
  ctx: Ctx,
): Promise<Rpc<"ImportResourceState">["res"]> {
  const name = e.impl.typeName;
  if (!e.impl.importState) {
    ctx.diagnostics.error("Resource import not supported", `${name} cannot be imported.`);
    return {};
  }
  const result = await guarded(`Importing ${name} "${req.id}"`, ctx.diagnostics, ctx.log, () =>
    e.impl.importState!(req.id, ctx),
  );
  if (result === undefined || ctx.diagnostics.hasErrors()) return {};
  const states = Array.isArray(result) ? result : [result];
  return {
    imported_resources: states.map((s) => ({
      type_name: name,
      state: encodeDynamic(normalizeObject(e.schema, s), e.type),
    })),
  };
}

function privateBytes(bytes: Uint8Array | undefined): Uint8Array | undefined {
  return bytes && bytes.length > 0 ? bytes : undefined;
}

function withoutUnknowns(v: CtyValue): CtyValue {
  if (isUnknown(v)) return null;
  if (Array.isArray(v)) return v.map(withoutUnknowns);
  if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    const out: CtyObjectValue = {};
    for (const [k, x] of Object.entries(v)) out[k] = withoutUnknowns(x);
    return out;
  }
  return v;
}
