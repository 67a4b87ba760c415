import type { CommandResult } from "./harness";

/** N strategies and the activation holding all of them; `min` is the rule a change moves. */
export function portfolio(n: number, min: number, prefix = "s"): string {
  const items = Array.from(
    { length: n },
    (_, i) => `const ${prefix}${i} = new sa.Strategy("${prefix}${i}", {
  name: "${prefix} strategy ${i}",
  triggers: ["new_token_created"],
  rules: [
    { rule: "liquidity_usd", dealbreaker: true, min: ${min + i} },
    { rule: "has_website", dealbreaker: false },
  ],
});`,
  ).join("\n");
  const ids = Array.from({ length: n }, (_, i) => `${prefix}${i}.strategyId`).join(", ");
  return `import * as sa from "pulumi-strategy-alerts";
${items}
new sa.StrategyActivation("active", { strategyIds: [${ids}] });
`;
}

/** N strategies and nothing else: N creates and no activation, where a plan allows few requests. */
export function strategiesOnly(n: number, prefix = "s"): string {
  const items = Array.from(
    { length: n },
    (_, i) => `new sa.Strategy("${prefix}${i}", {
  name: "${prefix} strategy ${i}",
  triggers: ["new_token_created"],
  rules: [{ rule: "liquidity_usd", dealbreaker: true, min: ${1000 + i} }],
});`,
  ).join("\n");
  return `import * as sa from "pulumi-strategy-alerts";\n${items}\n`;
}

/** Everything a command printed: its output streams and the engine's diagnostics. */
export function allText(result: CommandResult): string {
  return [result.stdout, result.stderr, ...result.diagnostics.map((d) => d.message)].join("\n");
}
