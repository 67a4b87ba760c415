/**
 * Every resource kind, each from its own descriptor, and the views of them that the layers read:
 * a new kind is one descriptor file and one line here (CONTRIBUTING.md, "Adding a resource kind").
 */
import { webhookUrlIsSecret } from "../webhook-url";
import { DEVELOPER_TAGS_KIND } from "./developer-tags";
import { FOLLOWED_DEVELOPER_KIND } from "./followed-developer";
import type { Echo, InputField, KindDescriptor, OutputField, ReviewWording } from "./kind-descriptor";
import { STRATEGY_KIND } from "./strategy";
import { STRATEGY_ACTIVATION_KIND } from "./strategy-activation";
import { WEBHOOK_KIND } from "./webhook";

export {
  type Echo,
  type FieldType,
  type InputField,
  type KindDescriptor,
  type OutputField,
  PLUGIN_PACKAGE,
  type ReviewWording,
  typeWordsOf,
} from "./kind-descriptor";

export const KINDS = {
  Strategy: STRATEGY_KIND,
  StrategyActivation: STRATEGY_ACTIVATION_KIND,
  Webhook: WEBHOOK_KIND,
  FollowedDeveloper: FOLLOWED_DEVELOPER_KIND,
  DeveloperTags: DEVELOPER_TAGS_KIND,
} as const satisfies Record<string, KindDescriptor>;

export type ResourceKind = keyof typeof KINDS;
export type KindInput<K extends ResourceKind> = keyof (typeof KINDS)[K]["inputs"] & string;
export type KindOutput<K extends ResourceKind> = keyof (typeof KINDS)[K]["outputs"] & string;

export const RESOURCE_KINDS = Object.keys(KINDS) as ResourceKind[];

/** A kind's descriptor, widened for code that reads any kind alike. */
export function kindOf(kind: ResourceKind): KindDescriptor {
  return KINDS[kind];
}

const inputEntries = (kind: ResourceKind) => Object.entries(kindOf(kind).inputs) as [string, InputField][];
const outputEntries = (kind: ResourceKind) => Object.entries(kindOf(kind).outputs) as [string, OutputField][];

/** The kind's inputs, in the descriptor's order. */
export function inputNames<K extends ResourceKind>(kind: K): KindInput<K>[] {
  return Object.keys(KINDS[kind].inputs) as KindInput<K>[];
}

/** The kind's outputs beyond its inputs, read from the service (`accountId` last). */
export function outputNames<K extends ResourceKind>(kind: K): KindOutput<K>[] {
  return Object.keys(KINDS[kind].outputs) as KindOutput<K>[];
}

/** The inputs the diff compares (all but `adopt`). */
export function comparedInputs(kind: ResourceKind): string[] {
  return inputEntries(kind)
    .filter(([, f]) => f.notCompared !== true)
    .map(([name]) => name);
}

/** The inputs held as sets, and whether their elements are rule items. */
export function setInputs(kind: ResourceKind): Record<string, "rules" | "strings"> {
  return Object.fromEntries(
    inputEntries(kind).flatMap(([name, f]) => (f.set === undefined ? [] : [[name, f.set]])),
  );
}

/** The inputs whose change replaces the resource. */
export function replacingInputs(kind: ResourceKind): string[] {
  return inputEntries(kind)
    .filter(([, f]) => f.replaces === true)
    .map(([name]) => name);
}

/** Of the replacing inputs, those whose value differs between `olds` and `news`. */
export function replacedBy(kind: ResourceKind, olds: object, news: object): string[] {
  const [before, after] = [olds as Record<string, unknown>, news as Record<string, unknown>];
  return replacingInputs(kind).filter((name) => before[name] !== after[name]);
}

/** The inputs the kind's check validates, in its order. */
export function checkedInputs(kind: ResourceKind): string[] {
  return inputEntries(kind)
    .filter(([, f]) => f.checked !== undefined)
    .map(([name]) => name);
}

/** Whether the check needs only the length of `input` (a list), so unknown elements hold up nothing. */
export function isCountedList(kind: ResourceKind, input: string): boolean {
  return kindOf(kind).inputs[input]?.checked === "count";
}

type DefaultOf<K extends ResourceKind, I extends KindInput<K>> = (typeof KINDS)[K]["inputs"][I] extends {
  default: infer D;
}
  ? D
  : undefined;

/** What the service holds for an input the program leaves out. */
export function defaultOf<K extends ResourceKind, I extends KindInput<K>>(
  kind: K,
  input: I,
): DefaultOf<K, I> {
  return kindOf(kind).inputs[input]?.default as DefaultOf<K, I>;
}

/** The inputs the service gives back as `echo` says (kind-descriptor.ts, `Echo`), in the descriptor's order. */
export function echoedInputs(kind: ResourceKind, echo: Echo): string[] {
  return inputEntries(kind)
    .filter(([, f]) => f.echo === echo)
    .map(([name]) => name);
}

/** The inputs a review words, with their wording, in the descriptor's order. */
export function reviewedInputs(kind: ResourceKind): [string, ReviewWording][] {
  return inputEntries(kind).flatMap(([name, f]) => (f.review === undefined ? [] : [[name, f.review]]));
}

/** The inputs of `bag` sealed as secrets because their url carries a credential (`secretWithCredential`). */
export function credentialInputs(
  kind: ResourceKind,
  bag: Readonly<Record<string, unknown>> | undefined,
): string[] {
  return inputEntries(kind)
    .filter(([name, f]) => f.secretWithCredential === true && webhookUrlIsSecret(bag?.[name]))
    .map(([name]) => name);
}

/** Outputs always returned as Pulumi secrets. */
export function secretOutputs(kind: ResourceKind): string[] {
  return outputEntries(kind)
    .filter(([, f]) => f.secret === true)
    .map(([name]) => name);
}

/** Outputs an update never changes. */
export function stableOutputs(kind: ResourceKind): string[] {
  return outputEntries(kind)
    .filter(([, f]) => f.stable === true)
    .map(([name]) => name);
}

/**
 * What an update that replaces nothing never changes: the stable outputs, and the inputs whose
 * change would have replaced the resource.
 */
export function stableProperties(kind: ResourceKind): string[] {
  return [...replacingInputs(kind), ...stableOutputs(kind)];
}

/** The properties a resource's outputs always hold: required inputs, then the always-present rest. */
export function alwaysPresent(kind: ResourceKind): string[] {
  const required = inputEntries(kind).filter(([, f]) => f.required === true);
  const always = [...inputEntries(kind), ...outputEntries(kind)].filter(([, f]) => f.alwaysOutput === true);
  return [...new Set([...required, ...always].map(([name]) => name))];
}

/**
 * The account a resource's state records: its `accountId`, or where a state written before that
 * existed holds it (`legacyAccountOutput`); undefined when it records none.
 */
export function recordedAccountOf(
  kind: ResourceKind,
  outputs: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  const legacy = kindOf(kind).legacyAccountOutput;
  const recorded = outputs?.accountId ?? (legacy === undefined ? undefined : outputs?.[legacy]);
  return typeof recorded === "string" && recorded !== "" ? recorded : undefined;
}

/** What the kind is, and the id that `get` and import take: the schema's and the docs' description. */
export function describedWithId(kind: ResourceKind): string {
  const d = kindOf(kind);
  return `${d.description} Its id (for \`get\` and import): ${d.importId.words}.`;
}

/**
 * The resource kind a type token names, through either front door (a dynamic resource or the
 * plugin), or undefined for anything that is not ours.
 */
export function resourceKindOf(type: string): ResourceKind | undefined {
  return RESOURCE_KINDS.find((k) => KINDS[k].dynamicToken === type || KINDS[k].pluginToken === type);
}
