import type { DoorMode, TeamPair } from "./pair";

/**
 * What team A does, in order, on one pair of stacks; each step returns its problems (team B's
 * check is added by the test). A step names the doors it applies to (moving between providers
 * needs a provider resource, which only the YAML door has).
 */
export interface Step {
  name: string;
  doors?: DoorMode[];
  run(pair: TeamPair): Promise<string[]>;
}

const MOVE_DOORS: DoorMode[] = ["YAML default provider", "YAML explicit provider"];

export const STEPS: Step[] = [
  {
    name: "team A renames every resource (aliases to the old names)",
    async run(pair) {
      const problems: string[] = [];
      const aliases = await pair.aliasesOfA();
      pair.renderA = { ...pair.renderA, suffix: "-renamed", aliases };
      const r = await pair.upA(problems, "up of the renamed program");
      if (r.code === 0 && (r.changes.create ?? 0) + (r.changes.delete ?? 0) + (r.changes.replace ?? 0) > 0)
        problems.push(`team A: the rename changed objects: ${JSON.stringify(r.changes)}`);
      problems.push(...(await pair.accountHolds("A", pair.declA)));
      return problems;
    },
  },
  {
    name: "team A moves every resource to the other provider (explicit ⇄ default)",
    doors: MOVE_DOORS,
    async run(pair) {
      const problems: string[] = [];
      const aliases = await pair.aliasesOfA();
      const provider = pair.renderA.provider ? undefined : "team-provider";
      pair.renderA = { ...pair.renderA, provider, aliases };
      await pair.upA(problems, "up after the move between providers");
      problems.push(...(await pair.accountHolds("A", pair.declA)));
      return problems;
    },
  },
  {
    name: "team A's activation holds team B's strategies, then drops them",
    async run(pair) {
      const problems: string[] = [];
      // b0 is active (team B's), b1 inactive: team A may activate b1, and must give back only that.
      pair.declA = {
        ...pair.declA,
        extraActiveIds: [await pair.strategyIdOfB("b0"), await pair.strategyIdOfB("b1")],
      };
      await pair.writeA();
      await pair.a.up({ allowFailure: true });
      pair.declA = { ...pair.declA, extraActiveIds: undefined };
      await pair.upA(problems, "up after dropping team B's ids");
      problems.push(...(await pair.accountHolds("A", pair.declA)));
      return problems;
    },
  },
  {
    name: "team A tags team B's developer, then drops the tags",
    async run(pair) {
      const problems: string[] = [];
      pair.declA = { ...pair.declA, foreignTags: { address: pair.declB.dev!.address, tagIds: pair.tagIds } };
      await pair.writeA();
      await pair.a.up({ allowFailure: true });
      pair.declA = { ...pair.declA, foreignTags: undefined };
      await pair.upA(problems, "up after dropping the tags on team B's developer");
      return problems;
    },
  },
  {
    name: "team A mutes its developer (active: false)",
    async run(pair) {
      const problems: string[] = [];
      pair.declA = { ...pair.declA, dev: { ...pair.declA.dev!, active: false } };
      await pair.upA(problems, "up of the muted developer");
      problems.push(...(await pair.accountHolds("A", pair.declA)));
      return problems;
    },
  },
  {
    name: "the app re-creates the webhook (url null, then the same url), team A runs up --refresh",
    async run(pair) {
      const problems: string[] = [];
      const url = pair.declA.hook!;
      await pair.user.client.webhook.put({ url: null, enabled: true });
      await pair.user.client.webhook.put({ url, enabled: true });
      await pair.upA(problems, "up --refresh after the app re-created the webhook", ["--refresh"]);
      const hook = await pair.user.client.webhook.get();
      if (hook.url !== url) problems.push(`webhook url ${JSON.stringify(hook.url)}, declared ${url}`);
      return problems;
    },
  },
  {
    name: "team A's up is killed mid-create, then cancel, recover --yes, up",
    async run(pair) {
      const problems: string[] = [];
      pair.declA = {
        ...pair.declA,
        strategies: [...pair.declA.strategies, { key: "a2", name: "A new after kill", min: 1200 }],
      };
      await pair.killedUpA(problems, { method: "POST", path: "/strategies" });
      await pair.upA(problems, "up after recover");
      problems.push(...(await pair.accountHolds("A", pair.declA)));
      return problems;
    },
  },
  {
    name: "team A destroys its stack",
    async run(pair) {
      const problems: string[] = [];
      const r = await pair.a.destroy({ allowFailure: true });
      if (r.code !== 0) problems.push(`team A: destroy failed`);
      const left = (await pair.user.client.strategies.list()).strategies.filter((s) =>
        s.name.startsWith("A "),
      );
      if (left.length > 0) problems.push(`team A: ${left.length} strategies left after destroy`);
      const hook = await pair.user.client.webhook.get();
      if (hook.url) problems.push("team A: webhook url left after destroy");
      return problems;
    },
  },
];
