import { describe, expect, it } from "vitest";
import { renderReview } from "../../../provider/review";
import { fitToLimit } from "../../../provider/review/fit-to-limit";
import { text } from "../../../provider/review/markdown";
import { digest, type StepSpec, UNKNOWN, urnOf } from "../../support/preview-fixtures";
import { webhookUpdate } from "./fixtures";

/** 1,000 new strategies, an activation, a webhook, developers, an error and a policy violation. */
function bigChange(strategies = 1_000): { preview: string; names: string[] } {
  const names = Array.from({ length: strategies }, (_, i) => `Strategy ${String(i).padStart(4, "0")}`);
  const specs: StepSpec[] = names.map((name, i) => ({
    op: "create",
    kind: "Strategy",
    name: `s${i}`,
    new: {
      name,
      description: "A strategy with a long description. ".repeat(3),
      triggers: ["new_token_created", "token_almost_graduated"],
      rules: [
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "liquidity_usd", dealbreaker: false, min: 1000 + i },
        { rule: "market_cap", dealbreaker: false, min: 5000, max: 90000 },
      ],
    },
  }));
  specs.push(
    {
      op: "update",
      kind: "StrategyActivation",
      name: "active",
      id: "activation",
      old: { strategyIds: [], exclusive: false },
      new: { strategyIds: [UNKNOWN], exclusive: false },
      deps: { strategyIds: [urnOf("Strategy", "s0")] },
    },
    webhookUpdate(
      { url: "https://a.example/old", enabled: true },
      { url: "https://a.example/new", enabled: true },
    ),
    { op: "create", kind: "FollowedDeveloper", name: "dev", new: { address: "Dev1", alias: "Whale" } },
  );
  const diagnostics = [
    { urn: urnOf("StrategyActivation", "active"), message: "over the plan", severity: "error" },
  ];
  return { preview: digest(specs, diagnostics), names };
}

const CREATED =
  "The service creates the strategy, inactive: it sends no alerts until a StrategyActivation activates it.";

describe("truncation by priority", () => {
  const { preview, names } = bigChange();
  const policyViolations = [
    {
      policyPack: "guardrails",
      policyName: "cooldown",
      enforcementLevel: "mandatory",
      message: "no cooldown",
    },
  ];
  const result = renderReview(preview, { policyViolations });
  const md = result.markdown;

  it("stays under GitHub's comment limit", () => {
    expect(md.length).toBeLessThanOrEqual(65_536);
  });

  it("keeps the summary, errors, policy violations, activation, webhook and developers whole", () => {
    expect(md).toContain("| Strategy | 1000 |");
    expect(md).toContain("**The preview failed** with 1 error (listed below)");
    expect(md).toContain("### Errors and warnings from the preview");
    expect(md).toContain("**error** (`active`): over the plan");
    expect(md).toContain("### Policy violations");
    expect(md).toContain("**mandatory** `guardrails/cooldown`: no cooldown");
    expect(md).toContain("### Activation");
    expect(md).toContain("Becomes active (starts sending alerts): “Strategy 0000” (new)");
    expect(md).toContain("Webhook URL: `https://a.example/old` → `https://a.example/new`");
    expect(md).toContain("Follow developer `Dev1` as “Whale”");
  });

  it("shortens strategies from the last up and says exactly which, keeping what the service will do", () => {
    // A shortened section keeps its effect line: only the change list goes.
    for (const n of names.filter((x) => md.includes(`#### “${x}”`)))
      expect(md).toContain(`(\`s${names.indexOf(n)}\`): new strategy\n\n- ${CREATED}\n`);
    expect(md).toContain("#### “Strategy 0000” (`s0`): new strategy");
    const shown = names.filter((n) => md.includes(`#### “${n}”`));
    const listed = names.filter(
      (n) =>
        md.includes(`#### “${n}”`) &&
        md.includes(`(\`s${names.indexOf(n)}\`): new strategy\n\n- ${CREATED}\n- Description`),
    );
    // Whole sections first, then shortened ones, then left out: each a run of the sorted names.
    expect(listed).toEqual(names.slice(0, listed.length));
    expect(shown).toEqual(names.slice(0, shown.length));
    const shortened = shown.length - listed.length;
    const dropped = names.length - shown.length;
    expect(shortened + dropped).toBeGreaterThan(0);
    const notes: string[] = [];
    if (shortened > 0)
      notes.push(
        `the change lists of ${shortened} strategies (“${names[listed.length]}” to “${names[shown.length - 1]}” by name)`,
      );
    if (dropped > 0)
      notes.push(
        `the sections (each strategy is still counted in the summary) of ${dropped} strategies (“${names[shown.length]}” to “${names[names.length - 1]}” by name)`,
      );
    expect(result.shortened).toEqual(notes);
    expect(md).toContain(
      `> **Shortened** to fit GitHub's 65,536-character comment limit: ${notes.join("; ")}.`,
    );
  });

  it("cuts only what is always kept at a line boundary, saying how many lines, when nothing else is left", () => {
    const tiny = renderReview(preview, { policyViolations, maxLength: 2_000 });
    expect(tiny.markdown.length).toBeLessThanOrEqual(2_000);
    expect(tiny.shortened.at(-1)).toMatch(/^the last \d+ of the report's \d+ lines$/);
  });
});

/** The `###`/`####` headings with nothing but blank lines before the next heading of their level or above. */
function emptyHeadings(markdown: string): string[] {
  const lines = markdown.split("\n");
  const level = (l: string) => /^(#{1,6}) /.exec(l)?.[1]?.length;
  return lines.filter((line, i) => {
    const own = level(line);
    if (own === undefined || own <= 2) return false;
    for (const next of lines.slice(i + 1)) {
      const l = level(next);
      if (l !== undefined && l <= own) return true;
      if (l === undefined && next.trim() !== "" && !next.startsWith("> **Shortened**")) return false;
    }
    return true;
  });
}

describe("no empty headings", () => {
  /** 1,000 new strategies with long names, all activated: the activation alone fills the comment. */
  function activatedThousand(): string {
    const specs: StepSpec[] = Array.from({ length: 1_000 }, (_, i) => ({
      op: "create" as const,
      kind: "Strategy",
      name: `s${i}`,
      new: {
        name: `Strategy ${String(i).padStart(4, "0")} ${"with a long name ".repeat(4)}`,
        triggers: ["new_token_created"],
        rules: [{ rule: "is_honeypot", dealbreaker: true }],
      },
    }));
    specs.push({
      op: "create",
      kind: "StrategyActivation",
      name: "active",
      new: { strategyIds: specs.map(() => UNKNOWN), exclusive: false },
      deps: { strategyIds: specs.map((s) => urnOf("Strategy", s.name)) },
    });
    return digest(specs);
  }

  it("leaves out the Strategies heading when every strategy's section is left out, and cuts no heading bare", () => {
    const result = renderReview(activatedThousand());
    expect(result.markdown.length).toBeLessThanOrEqual(65_536);
    expect(result.markdown).toContain("| Strategy | 1000 |");
    expect(result.markdown).not.toContain("#### ");
    expect(result.markdown).not.toContain("### Strategies");
    expect(result.shortened.join("; ")).toContain(
      "the sections (each strategy is still counted in the summary) of 1000 strategies",
    );
    expect(emptyHeadings(result.markdown)).toEqual([]);
  });

  it("keeps every heading with content in the 1,000-strategy report and at every smaller limit", () => {
    const { preview } = bigChange();
    for (const maxLength of [65_536, 20_000, 5_000, 2_000])
      expect(emptyHeadings(renderReview(preview, { maxLength }).markdown), `${maxLength}`).toEqual([]);
  });
});

describe("fitToLimit", () => {
  const line = (words: string) => text(words);

  it("leaves a report under the limit as it is, with nothing shortened", () => {
    const blocks = [{ full: [line("Review"), line("one")], keep: true }, { full: [line("two")] }];
    expect(fitToLimit(blocks, 10_000)).toEqual({ markdown: "Review\none\ntwo\n", shortened: [] });
  });

  it("takes the shorter form of a block that has one before cutting what is kept, and says what it left out", () => {
    const long = Array.from({ length: 200 }, (_, i) => line(`token ${i} ${"x".repeat(20)}`));
    const blocks = [
      { full: [line("Review")], keep: true },
      { full: long, shorter: { lines: [line("token list left out")], note: "the backtests' token lists" } },
    ];
    const { markdown, shortened } = fitToLimit(blocks, 2_000);
    expect(markdown).toContain("Review");
    expect(markdown).toContain("token list left out");
    expect(markdown).toContain(
      "**Shortened** to fit the 2,000-character comment limit: the backtests' token lists.",
    );
    expect(markdown).not.toContain("token 199");
    expect(shortened).toContain("the backtests' token lists");
  });
});
