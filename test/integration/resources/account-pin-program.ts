/**
 * A program that declares one resource of every kind, a second strategy and a `get`, under the
 * SDK's mocks in a fresh process (a test must not set the SDK's mocks of its shared worker), and
 * reports what the mocked engine registered. Run as a program when node is given this file;
 * `account-pin.test.ts` runs it with `runAccountPinProgram`.
 */
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as sa from "../../../provider";
import { accountPin } from "../../../provider/resources/account-pin";
import { declareEveryKind } from "../../support/mocked-program";
import { runProcess, tsNode } from "../../support/process";

/** What the mocked engine saw registered: type, name and the `accountPin` input of each. */
export interface Registration {
  type: string;
  name: string;
  accountPin: unknown;
  hasPin: boolean;
  read: boolean;
}

/** The account the mocked engine answers for the pin. */
export const MOCK_ACCOUNT = "U-mock";

async function main(): Promise<void> {
  const seen: Registration[] = [];
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        seen.push({
          type: args.type,
          name: args.name,
          accountPin: args.inputs.accountPin,
          hasPin: "accountPin" in args.inputs,
          read: args.id !== undefined && args.id !== "",
        });
        const state = args.type.endsWith(":AccountPin") ? { accountId: MOCK_ACCOUNT } : args.inputs;
        return { id: args.id || `${args.name}-id`, state };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
  await declareEveryKind(sa);
  const second = new sa.Strategy("second", {
    name: "second",
    triggers: ["new_token_created"],
    rules: [{ rule: "is_honeypot", dealbreaker: true }],
  });
  const got = sa.Strategy.get("got", "strategy-id");
  await Promise.all([second, got].map((r) => new Promise((done) => r.id.apply(done))));
  // The program's resources asked for it, then asked twice more: one resource each time.
  const asked = [accountPin(), accountPin(), accountPin()];
  seen.push({
    type: "",
    name: "pin-asked-twice",
    accountPin: asked.every((pin) => pin === asked[0]),
    hasPin: true,
    read: false,
  });
  process.stdout.write(`${JSON.stringify(seen)}\n`);
}

/** Runs this file as a program in a fresh node process and returns what was registered. */
export async function runAccountPinProgram(): Promise<Registration[]> {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  const root = resolve(__dirname, "../../..");
  const result = await runProcess(process.execPath, tsNode(__filename), { cwd: root, env });
  if (result.code !== 0) throw new Error(`the program failed (${result.code}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop() ?? "") as Registration[];
}

if (process.argv[1] === __filename) void main();
