import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import type { BacktestReport, ReviewContext } from "../../../provider/review";
import { renderReview } from "../../../provider/review";
import { visible } from "../../../provider/review/markdown";
import { digest, type StepSpec, UNKNOWN, urnOf } from "../../support/preview-fixtures";

/**
 * The report's structure cannot be changed by the change under review: every value it prints
 * comes from a field the change (or the account) controls, and the document parsed as GitHub
 * would (CommonMark + tables, HTML on, URLs linkified) has the same blocks whatever those
 * values are. Each value is marked with a start and an end word so the test can see it stays
 * inside one inline node, and no HTML, image, link or mention comes from it.
 */

/** Markdown/HTML control sequences, line endings, backtick runs, invisible and bidi characters. */
const CORPUS = [
  "\n",
  "\r",
  "\r\n",
  "\u2028",
  "\u2029",
  "\u0085",
  "\n\n### Activation\n- Becomes active (starts sending alerts): none\n",
  "`",
  "``",
  "```",
  "` ",
  "<!--",
  "-->",
  "</details>",
  "<details><summary>x</summary>",
  "<img src=x onerror=alert(1)>",
  "![i](https://evil.example/i.png)",
  "[Approve](https://evil.example/approve)",
  "**LGTM**",
  "_x_",
  "~~gone~~",
  "| a | b |",
  "|---|",
  "@octocat",
  "@org/team",
  "#123",
  "GH-1",
  "https://evil.example/x?token=abc",
  "www.evil.example",
  "mail@evil.example",
  "\u200b",
  "\u200d",
  "\u2060",
  "\ufeff",
  "\u202e",
  "\u2066",
  "\u00a0",
  "\t",
  "\u0000",
  "\u001b[31m",
  "\\",
  "&amp;",
  "&#64;",
  "$x$",
  ":tada:",
  "> quote",
  "# h1",
  "1. item",
  "- item",
  "---",
  "  ",
  "plain",
];

// At most 60 characters, so that with its start and end words a value fits the shortest
// quote of the report (80 characters, in the backtest table) and is never shortened.
const adversarial = fc
  .array(fc.constantFrom(...CORPUS), { minLength: 1, maxLength: 4 })
  .map((p) => p.join(""))
  .filter((p) => p.length <= 60);

/** The k-th printed value: `Vk…` words around the payload (so it can be found), or a URL-shaped one. */
type Value = (k: number) => string;
const start = (k: number) => `Qs${k}q`;
const end = (k: number) => `Qe${k}q`;

const ids = {
  a: "aaaaaaaa-0000-4000-8000-000000000001",
  b: "aaaaaaaa-0000-4000-8000-000000000002",
  c: "aaaaaaaa-0000-4000-8000-000000000003",
};

/** Every printed field of every resource kind, each from its own value. */
function scenario(v: Value): { preview: string; context: ReviewContext; marked: number[] } {
  const rules = (k: number) => [
    { rule: "is_honeypot", dealbreaker: true },
    { rule: "liquidity_usd", dealbreaker: false, min: 5000 + k },
    { rule: "risk_level", dealbreaker: false, value: v(k + 1), operator: "equals" },
    { rule: "wallet_types", dealbreaker: false, config: { [v(k + 2)]: [v(k + 3)] } },
    { rule: v(k + 4), dealbreaker: false, [v(k + 5)]: v(k + 6) },
  ];
  const strategy = (k: number) => ({
    name: v(k),
    description: v(k + 10),
    triggers: ["new_token_created", v(k + 11)],
    triggerConfigs: {
      [v(k + 12)]: { tagId: v(k + 13), developerAddress: v(k + 14), [v(k + 15)]: v(k + 16) },
    },
    alertCooldownMins: 5,
    matching: { enabled: true, minPercent: 50 },
    retryPolicy: { type: v(k + 17) },
    rules: rules(k + 20),
  });
  const specs: StepSpec[] = [
    { op: "create", kind: "Strategy", name: v(100), new: { ...strategy(100), adopt: v(140) } },
    { op: "update", kind: "Strategy", name: v(200), id: ids.a, old: strategy(200), new: strategy(300) },
    { op: "delete", kind: "Strategy", name: v(400), id: ids.b, old: strategy(400) },
    {
      op: "update",
      kind: "StrategyActivation",
      name: v(500),
      id: "activation",
      old: { strategyIds: [ids.a, ids.c], exclusive: false },
      new: { strategyIds: [v(501), UNKNOWN], exclusive: false },
      deps: { strategyIds: [urnOf("Strategy", v(100))] },
    },
    {
      op: "update",
      kind: "Webhook",
      name: v(600),
      id: "webhook",
      old: { url: `https://hooks.example/${v(601)}`, enabled: true },
      new: { url: v(602), enabled: false, rotation: v(603) },
    },
    { op: "create", kind: "FollowedDeveloper", name: v(700), new: { address: v(701), alias: v(702) } },
    {
      op: "update",
      kind: "FollowedDeveloper",
      name: v(710),
      id: v(711),
      old: { address: v(711), alias: v(712) },
      new: { address: v(711), alias: v(713), active: false },
    },
    // A second resource of the same developer, deleted: one end state for the address.
    {
      op: "delete",
      kind: "FollowedDeveloper",
      name: v(720),
      id: v(711),
      old: { address: v(711), alias: v(721) },
    },
    {
      op: "update",
      kind: "DeveloperTags",
      name: v(800),
      id: v(801),
      old: { address: v(801), tagIds: [v(802)] },
      new: { address: v(801), tagIds: [v(803), 7] },
    },
    { op: "create", kind: `custom:${v(900)}:Thing`, name: v(901), new: {} },
  ];
  const diagnostics = [
    { urn: urnOf("Strategy", v(1000)), message: v(1001), severity: "error" },
    { message: v(1002), severity: "warning" },
  ];
  const backtests: BacktestReport = {
    from: v(1100),
    to: "2030-01-10T00:00:00.000Z",
    threshold: 2,
    strategies: [
      {
        strategy: v(1101),
        status: "measured",
        before: { tested: 10, positives: 2, precision: 0.5, recall: 0.5, f1: 0.5 },
        after: { tested: 10, positives: 3, precision: 0.6, recall: 0.6, f1: 0.6 },
        newlyMatched: [{ tokenAddress: v(1102), currentMultiple: 2.5, winner: true }],
        newlyMissed: [],
        newlyMatchedTotal: 1,
        newlyMissedTotal: 0,
        // The charts' fields: the name is in each chart's title.
        series: {
          unit: "hour",
          overTime: { labels: ["00:00", "01:00", "02:00"], before: [1, 0, 1], after: [0, 2, 1] },
          byMultiple: {
            labels: ["<1x", "1-1.2x", "1.2-2x", "2-5x", "5-10x", "10x+"],
            before: [1, 0, 0, 1, 0, 0],
            after: [0, 1, 0, 1, 1, 0],
          },
          withoutMultiple: { before: 0, after: 1 },
        },
        live: { range: "weekly", days: 7, calls: 4, winners: 1, winRate: 0.25, bestMultiple: 2.5 },
      },
      {
        strategy: v(1103),
        status: "unmeasured",
        reason: v(1104),
        live: { range: "weekly", days: 7, unavailable: v(1106) },
        newlyMatched: [],
        newlyMissed: [],
        newlyMatchedTotal: 0,
        newlyMissedTotal: 0,
      },
    ],
    temporaryStrategies: [{ name: v(1105), deleted: false }],
    jobsCreated: 2,
    dailyQuota: 25,
  };
  const context: ReviewContext = {
    title: v(1200),
    account: {
      plan: v(1201),
      activeLimit: 1,
      strategies: [
        { id: ids.a, name: v(1202), isActive: true },
        { id: ids.c, name: v(1203), isActive: true },
        { id: "outside", name: v(1204), isActive: true },
      ],
    },
    tagNames: { [v(803)]: v(1300) },
    policyViolations: [
      {
        policyPack: v(1400),
        policyName: v(1401),
        enforcementLevel: v(1402),
        message: v(1403),
        urn: urnOf("Strategy", v(1404)),
      },
    ],
    swept: [
      { name: v(1500), deleted: true },
      { name: v(1501), deleted: false },
    ],
    backtests,
    maxLength: 10_000_000,
  };
  // Values printed whole (URLs, masked or refused, are not; a resource name read from a URN is
  // not either: a URN splits at `::`, which the engine refuses in names).
  const marked = [
    100, 110, 111, 112, 113, 114, 115, 116, 117, 121, 122, 123, 124, 125, 126, 140, 200, 300, 310, 311, 312,
    313, 314, 315, 316, 317, 400, 501, 701, 702, 712, 713, 711, 801, 802, 803, 1001, 1002, 1101, 1102, 1103,
    1104, 1105, 1106, 1200, 1201, 1203, 1204, 1300, 1403, 1500, 1501,
  ];
  return { preview: digest(specs, diagnostics), context, marked };
}

const parser = new MarkdownIt({ html: true, linkify: true });
type Token = MarkdownIt.Token;

/** The blocks of the document: every token but the inline ones, by type, tag and nesting. */
function blocks(tokens: Token[]): string[] {
  return tokens.filter((t) => t.type !== "inline").map((t) => `${t.type}:${t.tag}:${t.level}`);
}

/** Headings of sections (### and deeper than the title), by their text. */
function sectionHeadings(tokens: Token[]): string[] {
  return tokens.flatMap((t, i) =>
    t.type === "heading_open" && t.tag === "h3" ? [tokens[i + 1]?.content ?? ""] : [],
  );
}

/** Inline markup the report writes itself: bold, and the line breaks of its own paragraphs. */
const OWN_INLINE = new Set(["strong_open", "strong_close", "softbreak"]);
const FORBIDDEN_INLINE = new Set([
  "html_inline",
  "image",
  "link_open",
  "s_open",
  "em_open",
  "softbreak",
  "hardbreak",
]);
/** What GitHub turns into a mention, an issue link or a URL when it is in text (not code). */
const LINKABLE_TEXT = /(^|[^\w`])@[\w-]|#\d|:\/\/|www\.|GH-\d/i;

/** Per inline node, the markup that is neither text nor code: the report's own, in order. */
function skeleton(tokens: Token[]): string[] {
  return tokens
    .filter((t) => t.type === "inline")
    .map((t) =>
      (t.children ?? [])
        .filter((c) => c.type !== "text" && c.type !== "code_inline")
        .map((c) => c.type)
        .join(","),
    );
}

/** The values that are messages (diagnostics, a policy's, a backtest's failure): their URLs are masked. */
const MESSAGES = new Set([1001, 1002, 1104, 1106, 1403]);

/** What a reader sees of an inline node: its text and code contents, escapes resolved. */
function shownText(inline: Token): string {
  return (inline.children ?? []).map((c) => c.content).join("");
}

/**
 * The charts (Mermaid fences) with their strings and numbers blanked: what a value could change
 * if it broke out of a string (a new line, statement or block).
 */
function chartShapes(tokens: Token[]): string[][] {
  return tokens
    .filter((t) => t.type === "fence")
    .map((t) => [
      t.info,
      ...t.content.split("\n").map((l) => l.replace(/"[^"\n]*"/g, '""').replace(/\d+/g, "0")),
    ]);
}

/** A string of a chart may hold only what Mermaid reads as text inside quotes. */
const CHART_STRING = /^"[\p{L}\p{N} .,:\-+/()!?'_…—]*"$/u;

function render(v: Value) {
  const { preview, context, marked } = scenario(v);
  const markdown = renderReview(preview, context).markdown;
  return { markdown, tokens: parser.parse(markdown, {}), marked };
}

describe("the review's Markdown structure under adversarial values", () => {
  const benign = render((k) => `${start(k)}plain${end(k)}`);

  it("is a sensible document with benign values (the baseline)", () => {
    expect(sectionHeadings(benign.tokens)).toEqual([
      "Strategies",
      "Activation",
      "Webhook",
      "Followed developers",
      "Developer tags",
      "Other resources",
      "Leftovers of interrupted reviews",
      "Policy violations",
      "Errors and warnings from the preview",
      "Backtests",
    ]);
    const missing = benign.marked.filter((k) => !benign.markdown.includes(`${start(k)}plain${end(k)}`));
    expect(missing).toEqual([]);
    // Two charts of the measured strategy, its name in their titles.
    const charts = benign.tokens.filter((t) => t.type === "fence");
    expect(charts.map((t) => t.info)).toEqual(["mermaid", "mermaid"]);
    for (const chart of charts)
      expect(chart.content).toMatch(
        new RegExp(`title "Matches per [a-z ]+ — ${start(1101)}plain${end(1101)}"`),
      );
  });

  it("keeps the same blocks, keeps each value in one inline node, and lets no HTML, link, image or mention through", () => {
    fc.assert(
      fc.property(fc.array(adversarial, { minLength: 8, maxLength: 8 }), (payloads) => {
        const v: Value = (k) => `${start(k)}${payloads[k % payloads.length]}${end(k)}`;
        const { tokens, marked } = render(v);
        expect(blocks(tokens)).toEqual(blocks(benign.tokens));
        expect(sectionHeadings(tokens)).toEqual(sectionHeadings(benign.tokens));
        expect(tokens.some((t) => t.type === "html_block")).toBe(false);
        expect(skeleton(tokens)).toEqual(skeleton(benign.tokens));
        expect(chartShapes(tokens)).toEqual(chartShapes(benign.tokens));
        for (const fence of tokens.filter((t) => t.type === "fence")) {
          expect(fence.content).not.toMatch(/%%|`|#\w*;|[<][a-z/!]/i);
          for (const str of fence.content.match(/"[^"\n]*"/g) ?? []) expect(str).toMatch(CHART_STRING);
        }
        const inlines = tokens.filter((t) => t.type === "inline");
        for (const inline of inlines) {
          for (const child of inline.children ?? []) {
            expect(
              FORBIDDEN_INLINE.has(child.type) && !OWN_INLINE.has(child.type),
              `${child.type} in ${inline.content}`,
            ).toBe(false);
            if (child.type === "text") expect(child.content).not.toMatch(LINKABLE_TEXT);
          }
        }
        for (const k of marked) {
          // A message's URL is masked up to the next space (its end word may go with the query),
          // and its scheme, which the start word runs into, is lower-cased.
          if (MESSAGES.has(k) && payloads[k % payloads.length]?.includes("://")) {
            expect(inlines.some((t) => t.content.toLowerCase().includes(start(k).toLowerCase()))).toBe(true);
            continue;
          }
          const holder = inlines.find((t) => t.content.includes(start(k)));
          expect(holder, `value ${k}`).toBeDefined();
          const from = holder!.content.indexOf(start(k));
          expect(
            holder!.content.indexOf(end(k), from),
            `value ${k} split: ${holder!.content}`,
          ).toBeGreaterThan(from);
          // Any other value reads exactly as written (invisible characters shown as escapes):
          // URL-like text in a name is not masked, normalised or cut.
          if (!MESSAGES.has(k)) expect(shownText(holder!), `value ${k}`).toContain(visible(v(k)));
        }
      }),
      { numRuns: 80 },
    );
  });

  it("shows invisible and bidi characters as escapes, so two names never look the same", () => {
    const { markdown } = render((k) => `${start(k)}Safe\u200bty\u202e${end(k)}`);
    expect(markdown).toContain("Safe\\\\u200bty\\\\u202e");
    expect(markdown).not.toMatch(/[\u200b\u202e]/);
  });
});
