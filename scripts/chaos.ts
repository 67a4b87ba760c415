/**
 * `npm run chaos [-- --faults <n>] [-- --seed <n>]`: the full fault campaign.
 * `npm run chaos -- --matrix`: instead, the full fault matrix (every kind's create, update,
 * replace, delete and activation change × every fault × both doors, test/e2e/fault-matrix/),
 * of which the e2e suite runs a deterministic cover.
 *
 * Repeated `pulumi up` of a realistic portfolio (test/e2e/chaos/portfolio.ts) with the real
 * Pulumi CLI against the emulator as a real process with durable state, while at least <n>
 * faults (default 200) are injected: 429 bursts, 5xx, added latency, connections dropped before
 * and after the write committed, emulator SIGKILL + restart mid-run, `pulumi up` SIGKILLed
 * mid-run (after a write to the service, or while the file backend writes the checkpoint's
 * attributes or the checkpoint itself: test/e2e/chaos/kill-landing.ts) then `pulumi cancel`,
 * `strategy-alerts recover --yes` and up, and an API key rotated between the last up and destroy.
 * After every round the account must equal the declared portfolio and the state must match the
 * API; the key and webhook secrets must appear in no state, export, log or error output.
 *
 * It prints one line per round, a table per fault kind and the summary line
 * `faults injected: <n>, survived: <n>, duplicates: <n>, lost: <n>`; it exits non-zero unless
 * every fault survived with 0 duplicates and 0 lost. The campaign is the e2e test
 * test/e2e/chaos.test.ts run with CHAOS_PROFILE=full (the test suite runs a reduced profile),
 * so both share one implementation and the e2e setup that provisions the Pulumi CLI.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const ROOT = resolve(__dirname, "..");
/** Three files per door (by fault), each with its own emulator, so they run side by side. */
const MATRIX_FILES = ["typescript", "yaml"].flatMap((door) =>
  ["refused", "lost", "killed"].map((shard) => `test/e2e/fault-matrix-${door}-${shard}.test.ts`),
);

function main(): number {
  const { values } = parseArgs({
    options: {
      faults: { type: "string", default: "200" },
      seed: { type: "string", default: "13" },
      matrix: { type: "boolean", default: false },
    },
    strict: true,
  });
  for (const [name, value] of [
    ["faults", values.faults],
    ["seed", values.seed],
  ] as const) {
    if (!/^\d+$/.test(value)) {
      console.error(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
      return 2;
    }
  }
  const vitest = join(ROOT, "node_modules/.bin/vitest");
  const files = values.matrix ? MATRIX_FILES : ["test/e2e/chaos.test.ts"];
  const env = values.matrix
    ? { ...process.env, FAULT_MATRIX: "full" }
    : { ...process.env, CHAOS_PROFILE: "full", CHAOS_FAULTS: values.faults, CHAOS_SEED: values.seed };
  const res = spawnSync(vitest, ["run", "--project", "e2e", ...files], { cwd: ROOT, stdio: "inherit", env });
  if (res.error) {
    console.error(`could not run vitest: ${res.error.message}`);
    return 1;
  }
  return res.status ?? 1;
}

process.exit(main());
