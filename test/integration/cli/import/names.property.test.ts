import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { declareAccount } from "../../../../cli/import/declarations";
import type { AccountSnapshot } from "../../../../cli/import/read-account";
import { renderProgram } from "../../../../cli/import/render-program";
import { renderYamlProgram } from "../../../../cli/import/render-yaml";
import type { Strategy } from "../../../../provider/model/strategy";
import { typeCheckFiles } from "../../../support/generated-program";
import { accountSnapshot, listedStrategy, runProgram } from "../../../support/import-account";

const uuid = (i: number) => `${(0x1a2b3c00 + i).toString(16)}-0000-4000-8000-${String(i).padStart(12, "0")}`;

/** Labels that collide as identifiers, as slugs, with fixed names, or with a kind's fallback. */
const LABELS = [
  "a 1",
  "a1",
  "A-1",
  "1x",
  "strategy 1x",
  "dev1",
  "dev 1",
  "1",
  "dup",
  "dup",
  "Dup!",
  "delete",
  "sa",
  "pulumi",
  "config",
  "tagId",
  "activation",
  "webhook",
  "active strategies",
  "undefined",
  "",
  "日本語",
  "tags",
  "x tags",
  `${"long ".repeat(8)}name`,
  `${"long ".repeat(8)}name 2`,
  // Replaced by `dup <first 8 chars of the first strategy's id>` and `strategy <…>`.
  "<dup of first>",
  "<fallback of first>",
];

interface Shape {
  developers: { prefix: number; alias: string | undefined; tagged: boolean; active: boolean }[];
  strategies: { label: string; active: boolean; developer: number | undefined }[];
  webhookToken: boolean;
}

const shape: fc.Arbitrary<Shape> = fc.record({
  developers: fc.array(
    fc.record({
      // Address prefixes that collide once lower-cased.
      prefix: fc.integer({ min: 0, max: 2 }),
      alias: fc.option(fc.constantFrom(...LABELS), { nil: undefined }),
      tagged: fc.boolean(),
      active: fc.boolean(),
    }),
    { maxLength: 6 },
  ),
  strategies: fc.array(
    fc.record({
      label: fc.constantFrom(...LABELS),
      active: fc.boolean(),
      developer: fc.option(fc.nat({ max: 5 }), { nil: undefined }),
    }),
    { maxLength: 9 },
  ),
  webhookToken: fc.boolean(),
});

const PREFIXES = ["DevAbCdE", "devabcde", "DEVABCDE"];
const TAG = "0000aaaa-0000-4000-8000-000000000001";

function snapshotOf(s: Shape): AccountSnapshot {
  const developers = s.developers.map((d, i) => ({
    address: `${PREFIXES[d.prefix]}${String(i).padStart(36, "9")}`,
    ...(d.alias !== undefined ? { alias: d.alias } : {}),
    isActive: d.active,
    tagIds: d.tagged ? [TAG] : [],
  }));
  const ids = s.strategies.map((_, i) => uuid(i));
  const strategies = s.strategies.map((st, i): Strategy => {
    const label =
      st.label === "<dup of first>"
        ? `dup ${ids[0]!.slice(0, 8)}`
        : st.label === "<fallback of first>"
          ? `strategy ${ids[0]!.slice(0, 8)}`
          : st.label;
    const dev =
      st.developer !== undefined ? developers[st.developer % Math.max(developers.length, 1)] : undefined;
    return listedStrategy(ids[i]!, label === "" ? "-" : label, {
      triggers: [
        { id: "t", eventType: dev ? "followed_dev_new_token_created" : "new_token_created", enabled: true },
      ],
      isActive: st.active,
      triggerConfigs: dev
        ? { followed_dev_new_token_created: { scope: "wallet", developerAddress: dev.address } }
        : null,
    });
  });
  return accountSnapshot({
    strategies,
    developers,
    developerTags: [{ id: TAG, name: "Snipers" }],
    webhook: {
      enabled: true,
      url: s.webhookToken ? "https://hooks.example.com/services/T0/B0/XXXX" : "https://a.example/in",
      hasSecret: true,
      verifiedAt: "2026-11-01T00:00:00.000Z",
    },
  });
}

/** The value Pulumi YAML reads from a string: `${a.b}` an access, `$$` a literal `$`. */
function yamlReference(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const m = /^\$\{([^}]+)\}$/.exec(value);
  return m ? m[1] : undefined;
}

describe("names of an imported account", () => {
  it("are unique, wired to the right developer, and type-check, whatever the labels", async () => {
    const sources: string[] = [];
    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        const snapshot = snapshotOf(s);
        const declarations = declareAccount(snapshot);
        const names = declarations.resources.map((d) => d.name.resource);
        // Dynamic resources share one type: their URNs differ by name only.
        expect(new Set(names).size).toBe(names.length);
        const variables = declarations.resources.map((d) => d.name.variable);
        expect(new Set(variables).size).toBe(variables.length);

        const { source } = renderProgram(declarations);
        sources.push(source);
        const { declared } = await runProgram(source, { developer: snapshot.developerTags, microblog: [] });
        expect(declared.map((d) => d.name)).toEqual(names);
        for (const st of snapshot.strategies) {
          const d = declared.find((x) => x.type === "Strategy" && x.args.adopt === st.id)!;
          const config = (
            st as unknown as { triggerConfigs: Record<string, { developerAddress?: string }> | null }
          ).triggerConfigs?.followed_dev_new_token_created;
          const configs = d.args.triggerConfigs as Record<string, { developerAddress?: unknown }> | undefined;
          expect(configs?.followed_dev_new_token_created?.developerAddress).toBe(config?.developerAddress);
        }
        const activation = declared.find((d) => d.type === "StrategyActivation")!;
        expect(activation.args.strategyIds).toEqual(
          snapshot.strategies.filter((x) => x.isActive).map((x) => x.id),
        );

        // The YAML program: the same names as keys, each reference naming the right resource.
        const doc = parse(renderYamlProgram("p", declarations)) as {
          resources: Record<string, { type: string; properties: Record<string, unknown> }>;
        };
        // (A JS object lists integer-like keys first: compare as sets; the parser refuses duplicates.)
        expect(Object.keys(doc.resources).sort()).toEqual([...names].sort());
        for (const st of snapshot.strategies) {
          const config = (
            st as unknown as { triggerConfigs: Record<string, { developerAddress?: string }> | null }
          ).triggerConfigs?.followed_dev_new_token_created;
          if (!config?.developerAddress) continue;
          const entry = Object.values(doc.resources).find((r) => r.properties.adopt === st.id)!;
          const ref = yamlReference(
            (entry.properties.triggerConfigs as Record<string, Record<string, unknown>>)
              .followed_dev_new_token_created!.developerAddress,
          );
          expect(ref).toMatch(/\.address$/);
          const target = doc.resources[ref!.slice(0, -".address".length)]!;
          expect(target.type).toBe("strategy-alerts:index:FollowedDeveloper");
          expect(target.properties.address).toBe(config.developerAddress);
        }
      }),
      { numRuns: 40 },
    );

    // One tsc run over every generated program, against the package's own types.
    const res = await typeCheckFiles(Object.fromEntries(sources.map((source, i) => [`p${i}.ts`, source])));
    expect(res.stdout + res.stderr).toBe("");
    expect(res.code).toBe(0);
  }, 180_000);
});
