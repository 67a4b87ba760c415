/**
 * Builders of `pulumi preview --json` documents in the shapes the real engine prints (checked
 * against a preview of this package's resources under Pulumi 3.274): steps with oldState /
 * newState whose inputs and outputs carry the serialized `__provider`, update steps whose
 * newState has no id, an activation whose unknown ids are traced by propertyDependencies,
 * secret outputs as "[secret]", and the root stack's `same` step. The event stream's states
 * carry no propertyDependencies, as the engine's do not.
 */
import { TYPE_TOKENS } from "../../provider/model/type-tokens";

export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
export const PROVIDER_CLOSURE =
  'exports.handler = __f0;\n\nvar __provider = {configure: __f1, check: __f3};\nfunction __f2() { return require("pulumi-strategy-alerts/runtime"); }\n';
const STACK_URN = "urn:pulumi:dev::portfolio::pulumi:pulumi:Stack::portfolio-dev";

type Kind = keyof typeof TYPE_TOKENS;
// biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped engine JSON.
type Bag = Record<string, any>;

export function urnOf(kind: Kind | string, name: string): string {
  const type = kind in TYPE_TOKENS ? TYPE_TOKENS[kind as Kind] : kind;
  return `urn:pulumi:dev::portfolio::${type}::${name}`;
}

export interface StepSpec {
  op: "create" | "update" | "delete" | "replace" | "same";
  kind: Kind | string;
  name: string;
  old?: Bag;
  new?: Bag;
  /** Id of the existing object (old state). */
  id?: string;
  /** Extra outputs of the old state (strategyId is added for strategies with an id). */
  outputs?: Bag;
  /** propertyDependencies of the new state. */
  deps?: Record<string, string[]>;
}

function state(spec: StepSpec, inputs: Bag, side: "old" | "new"): Bag {
  const type = spec.kind in TYPE_TOKENS ? TYPE_TOKENS[spec.kind as Kind] : spec.kind;
  const outputs =
    side === "old"
      ? {
          __provider: PROVIDER_CLOSURE,
          ...inputs,
          ...(spec.kind === "Strategy" && spec.id ? { strategyId: spec.id } : {}),
          ...spec.outputs,
        }
      : {};
  return {
    urn: urnOf(spec.kind, spec.name),
    custom: true,
    ...(side === "old" && spec.id ? { id: spec.id } : {}),
    type,
    inputs: { __provider: PROVIDER_CLOSURE, ...inputs },
    outputs,
    propertyDependencies: {
      __provider: [],
      ...Object.fromEntries(Object.keys(inputs).map((k) => [k, []])),
      ...(side === "new" ? spec.deps : {}),
    },
  };
}

function step(spec: StepSpec): Bag {
  return {
    op: spec.op,
    urn: urnOf(spec.kind, spec.name),
    provider: "urn:pulumi:dev::portfolio::pulumi:providers:pulumi-nodejs::default::0c5d",
    ...(spec.op !== "create" ? { oldState: state(spec, spec.old ?? {}, "old") } : {}),
    ...(spec.op !== "delete" ? { newState: state(spec, spec.new ?? spec.old ?? {}, "new") } : {}),
    detailedDiff: null,
  };
}

/** The digest `pulumi preview --json` prints. */
export function digest(specs: StepSpec[], diagnostics: Bag[] = []): string {
  const stack = {
    op: "same",
    urn: STACK_URN,
    oldState: { urn: STACK_URN, type: "pulumi:pulumi:Stack" },
    newState: { urn: STACK_URN, type: "pulumi:pulumi:Stack" },
    detailedDiff: null,
  };
  const changeSummary: Record<string, number> = { same: 1 };
  for (const s of specs) changeSummary[s.op] = (changeSummary[s.op] ?? 0) + 1;
  return JSON.stringify(
    { steps: [stack, ...specs.map(step)], diagnostics, duration: 1_500_000_000, changeSummary },
    null,
    4,
  );
}

/** A step state as the engine's events carry it: without propertyDependencies (apitype.StepEventStateMetadata). */
function eventState(state: Bag | undefined): Bag | null {
  if (!state) return null;
  const { propertyDependencies: _dependencies, ...rest } = state;
  return rest;
}

/** The engine event stream (`--json` with streaming previews, or `--event-log`). */
export function eventStream(specs: StepSpec[], policyEvents: Bag[] = []): string {
  let sequence = 0;
  const line = (e: Bag) => JSON.stringify({ sequence: sequence++, timestamp: 1795666391, ...e });
  const lines = [line({ preludeEvent: { config: {} } })];
  for (const s of specs) {
    const st = step(s);
    const metadata = {
      op: s.op,
      urn: st.urn,
      type: st.oldState?.type ?? st.newState?.type,
      old: eventState(st.oldState),
      new: eventState(st.newState),
      provider: st.provider,
    };
    lines.push(line({ resourcePreEvent: { metadata, planning: true } }));
    lines.push(line({ resOutputsEvent: { metadata, planning: true } }));
  }
  for (const p of policyEvents) lines.push(line({ policyEvent: p }));
  lines.push(
    line({
      summaryEvent: {
        maybeCorrupt: false,
        durationSeconds: 2,
        resourceChanges: { same: 1 },
        PolicyPacks: {},
      },
    }),
  );
  return lines.join("\n");
}
