/**
 * Pulumi YAML programs of the package's provider plugin, shared by the e2e tests and
 * `npm run bench:pulumi`: the project header, and N strategies with the activation holding them.
 */

/** Where the script plugin is in a project that installed the npm package. */
const SCRIPT_PLUGIN_DIR = "./node_modules/pulumi-strategy-alerts";

/**
 * The top of a YAML project that uses the plugin in `pluginDir`: the installed package's script
 * plugin by default, or a directory holding the release binary.
 */
export function yamlHeader(name: string, config = "", pluginDir = SCRIPT_PLUGIN_DIR): string {
  return `name: ${name}
runtime: yaml
plugins:
  providers:
    - name: strategy-alerts
      path: ${pluginDir}
${config ? `config:\n${config}` : ""}`;
}

/**
 * N strategies and the activation holding them; `min` is the rule a change moves. The same shape
 * as the TypeScript portfolio of the e2e tests (test/e2e/portfolio-program.ts) and the bench.
 */
export function yamlPortfolio(
  name: string,
  n: number,
  min: number,
  prefix = "s",
  pluginDir = SCRIPT_PLUGIN_DIR,
): string {
  const strategies = Array.from(
    { length: n },
    (_, i) => `  ${prefix}${i}:
    type: strategy-alerts:index:Strategy
    properties:
      name: ${prefix} strategy ${i}
      triggers: [new_token_created]
      rules:
        - { rule: liquidity_usd, dealbreaker: true, min: ${min + i} }
        - { rule: has_website, dealbreaker: false }
        - { rule: risk_level, dealbreaker: false, value: MEDIUM }
`,
  ).join("");
  const ids = Array.from({ length: n }, (_, i) => `        - \${${prefix}${i}.strategyId}\n`).join("");
  return `${yamlHeader(name, "", pluginDir)}resources:
${strategies}  active:
    type: strategy-alerts:index:StrategyActivation
    properties:
      strategyIds:${n === 0 ? " []\n" : `\n${ids}`}outputs:
  count: ${n}
`;
}
