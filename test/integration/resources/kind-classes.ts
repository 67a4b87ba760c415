/**
 * A program of one resource of every kind, declared and read with `get`, under the SDK's mocks in
 * a fresh process (a unit test must not set the SDK's mocks of its shared worker). Run as a
 * program when node is given this file; `kind-resource.test.ts` runs it with `runKindClasses`.
 */
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as sa from "../../../provider";
import { inputNames, outputNames, RESOURCE_KINDS } from "../../../provider/model/kinds";
import type { ResourceKind } from "../../../provider/model/plain-types";
import { runProcess, tsNode } from "../../support/process";

/** What the program saw of one kind's class. */
export interface KindReport {
  /** The type token of the declared resource's registration. */
  type: string;
  /** The declared resource's additional secret outputs. */
  secrets: string[];
  /** For each kind, whether its class's isInstance recognises the declared resource. */
  isInstanceOf: Record<string, boolean>;
  /** The id a `get` read, the property names it registered, and what each resolved to. */
  read: { id: string | undefined; registered: string[]; values: Record<string, unknown> };
}

type KindClass = {
  new (name: string, args: object, opts?: pulumi.CustomResourceOptions): pulumi.CustomResource;
  get(name: string, id: string, opts?: pulumi.CustomResourceOptions): pulumi.CustomResource;
  isInstance(obj: unknown): boolean;
};
const classOf = (kind: ResourceKind) => (sa as unknown as Record<ResourceKind, KindClass>)[kind];

const ARGS: Record<ResourceKind, object> = {
  FollowedDeveloper: { address: "0xabc" },
  DeveloperTags: { address: "0xabc", tagIds: [] },
  Webhook: { url: null, enabled: false },
  Strategy: {
    name: "s",
    triggers: ["new_token_created"],
    rules: [{ rule: "is_honeypot", dealbreaker: true }],
  },
  StrategyActivation: { strategyIds: [] },
};

/** What the mocked engine reads for an id: every input and output of the kind, each a value of its own. */
export const readValue = (key: string, id: string) => `${key} of ${id}`;
export const readId = (kind: ResourceKind) => `${kind}-existing`;

const resolved = (value: unknown) =>
  new Promise<unknown>((done) => (value === undefined ? done(undefined) : pulumi.output(value).apply(done)));

async function main(): Promise<void> {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        if (args.id === undefined || args.id === "") return { id: `${args.name}-id`, state: args.inputs };
        const kind = RESOURCE_KINDS.find((k) => args.type.endsWith(`:${k}`))!;
        const keys = [...inputNames(kind), ...outputNames(kind)];
        return { id: args.id, state: Object.fromEntries(keys.map((k) => [k, readValue(k, args.id!)])) };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
  const report: Partial<Record<ResourceKind, KindReport>> = {};
  for (const kind of RESOURCE_KINDS) {
    const cls = classOf(kind);
    let declared: pulumi.ResourceTransformationArgs | undefined;
    const resource = new cls(`new-${kind}`, ARGS[kind], {
      transformations: [
        (args) => {
          declared = args;
          return undefined;
        },
      ],
    });
    let read: pulumi.ResourceTransformationArgs | undefined;
    const got = cls.get(`read-${kind}`, readId(kind), {
      transformations: [
        (args) => {
          read = args;
          return undefined;
        },
      ],
    });
    const keys = [...inputNames(kind), ...outputNames(kind)];
    const values = await Promise.all(
      keys.map((k) => resolved((got as unknown as Record<string, unknown>)[k])),
    );
    await resolved(resource.id);
    report[kind] = {
      type: declared?.type ?? "",
      secrets: (declared?.opts as pulumi.CustomResourceOptions | undefined)?.additionalSecretOutputs ?? [],
      isInstanceOf: Object.fromEntries(RESOURCE_KINDS.map((k) => [k, classOf(k).isInstance(resource)])),
      read: {
        id: (await resolved(read?.opts.id)) as string | undefined,
        registered: Object.keys(read?.props ?? {}),
        values: Object.fromEntries(keys.map((k, i) => [k, values[i]])),
      },
    };
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** Runs this file as a program in a fresh node process and returns its report per kind. */
export async function runKindClasses(): Promise<Record<ResourceKind, KindReport>> {
  // NODE_OPTIONS of the test runner must not reach the program.
  const { NODE_OPTIONS: _options, ...env } = process.env;
  const root = resolve(__dirname, "../../..");
  const result = await runProcess(process.execPath, tsNode(__filename), { cwd: root, env });
  if (result.code !== 0) throw new Error(`the program failed (${result.code}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop() ?? "") as Record<ResourceKind, KindReport>;
}

if (process.argv[1] === __filename) void main();
