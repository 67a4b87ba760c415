/**
 * `npm run variants`: the portfolio scenario (preview, up, no-change preview, update, refresh,
 * destroy under the real Pulumi engine, `review --backtest` and `import` through the CLI)
 * against the emulator under every variant alone, then all compatible ones combined. Prints a
 * table and a last line `variants: <n>, passed: <n>, failed: <n>`; exits 1 on any failure.
 *
 *   npm run variants [-- --only name[,name…]] [-- --no-combined]
 */
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  compatibleVariants,
  parseVariants,
  VARIANT_NAMES,
  type VariantName,
} from "../emulator/variants/catalog";
import { runVariantScenario, type ScenarioResult, STEPS } from "../test/e2e/variant-scenario";

const ROOT = resolve(__dirname, "..");

function pulumiBinDir(): string {
  if (process.env.PULUMI_BIN_DIR) return process.env.PULUMI_BIN_DIR;
  const out = execFileSync("bash", [join(ROOT, "scripts/ensure-pulumi.sh")], { encoding: "utf8" });
  const last = out.trim().split("\n").pop();
  if (!last) throw new Error("scripts/ensure-pulumi.sh printed no directory");
  return last.trim();
}

const cell = (r: ScenarioResult[keyof ScenarioResult]) =>
  r.ok === true ? "pass" : r.ok === false ? "FAIL" : "-";

export function renderTable(rows: { name: string; result: ScenarioResult }[]): string {
  const header = ["variant", ...STEPS];
  const body = rows.map(({ name, result }) => [name, ...STEPS.map((s) => cell(result[s]))]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n");
}

/** A run passes when every step passed (a step not run after an earlier failure counts as failed). */
export const passed = (result: ScenarioResult) => STEPS.every((s) => result[s].ok === true);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { only: { type: "string" }, "no-combined": { type: "boolean", default: false } },
  });
  const alone: VariantName[] = values.only ? [...parseVariants(values.only)] : [...VARIANT_NAMES];
  const runs: { name: string; variants: VariantName[] }[] = alone.map((v) => ({ name: v, variants: [v] }));
  if (!values["no-combined"]) runs.push({ name: "all compatible combined", variants: compatibleVariants() });

  const bin = pulumiBinDir();
  const rows: { name: string; result: ScenarioResult }[] = [];
  for (const run of runs) {
    process.stderr.write(`${run.name} (${run.variants.join(", ")})\n`);
    const result = await runVariantScenario(run.variants, {
      pulumiBinDir: bin,
      root: ROOT,
      log: (l) => process.stderr.write(`${l}\n`),
    });
    rows.push({ name: run.name, result });
  }
  const failures = rows.filter((r) => !passed(r.result));
  const lines = [renderTable(rows)];
  for (const f of failures) {
    for (const s of STEPS) {
      const r = f.result[s];
      if (r.ok === false) lines.push(`${f.name} / ${s}: ${r.reason}`);
    }
  }
  lines.push(
    `variants: ${rows.length}, passed: ${rows.length - failures.length}, failed: ${failures.length}`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
