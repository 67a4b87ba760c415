/**
 * The fault matrix, enumerated: every operation of every kind under every fault, through each door.
 * A cell is one operation of team A's stack (one request of one kind) under one fault, followed by
 * what docs/reliability.md tells a user to do (`pulumi up`, and after a
 * killed `up`: `pulumi cancel`, `strategy-alerts recover --yes`); it ends with team A's account
 * objects exactly as declared, team B's (same account) untouched, and both stacks refreshing with
 * no change.
 *
 * Pure data: test/e2e/fault-matrix/lane.ts runs a cell, the test files enumerate them.
 */

export type Door = "TypeScript" | "YAML";

type Kind = "Strategy" | "StrategyActivation" | "Webhook" | "FollowedDeveloper" | "DeveloperTags";
const KINDS: readonly Kind[] = [
  "Strategy",
  "StrategyActivation",
  "Webhook",
  "FollowedDeveloper",
  "DeveloperTags",
];

type Fault = "refused 4xx" | "refused 5xx" | "answer lost after commit" | "timeout" | "kill -9";
const FAULTS: readonly Fault[] = [
  "refused 4xx",
  "refused 5xx",
  "answer lost after commit",
  "timeout",
  "kill -9",
];

/**
 * A door's cells run in three test files, by fault, each a lane of its own (its own emulator,
 * account and stacks): run as one file, a door's 25 cells took longer than the rest of the
 * suite's files side by side. Every fault belongs to exactly one shard (a Record over the union),
 * so the three files together run every cell of the door, the cover in CI and the full matrix
 * under `npm run chaos -- --matrix`.
 */
export type Shard = "refused" | "lost" | "killed";
const SHARD_OF: Record<Fault, Shard> = {
  "refused 4xx": "refused",
  "refused 5xx": "refused",
  "answer lost after commit": "lost",
  timeout: "lost",
  "kill -9": "killed",
};

/**
 * The cells of one shard, each next one, where there is one, a cell that starts where the one
 * before it ended (from BASE, all cells passing): such a cell needs no `pulumi up` to reach its
 * starting declaration. Every cell still runs, from the declaration its operation needs; the
 * order only spares start-up commands (a door's 25 cells of the cover need 4 in its three
 * shards, against 9 in one lane in the cover's order).
 */
export function ofShard(cells: readonly Cell[], shard: Shard): Cell[] {
  const left = cells.filter((c) => SHARD_OF[c.fault] === shard);
  const ordered: Cell[] = [];
  let at: TeamA = BASE;
  let next = 1;
  // A probe's fresh developer never equals the lane's, as a real cell's fresh one would not.
  const probe = () => Number.MAX_SAFE_INTEGER;
  const same = (a: TeamA, b: TeamA) => JSON.stringify(a) === JSON.stringify(b);
  while (left.length > 0) {
    const i = Math.max(
      0,
      left.findIndex((c) => same(c.before(at, probe), at)),
    );
    const [cell] = left.splice(i, 1);
    ordered.push(cell!);
    const fresh = () => next++;
    at = cell!.after(cell!.before(at, fresh), fresh);
  }
  return ordered;
}

/**
 * Team A's declaration, kind by kind (null: not declared). Strategies a0 and a1 are always
 * declared; `x` is the strategy the Strategy cells create, change, replace and delete. A
 * developer is an address index and an alias version: an address is followed once only (the API
 * cannot unfollow, and a stack never takes over an inactive record by resemblance), so every
 * create of a developer is a fresh address.
 */
export interface TeamA {
  x: null | 1 | 2;
  /** Which of a0, a1 the activation holds: 1 → [a0], 2 → [a0, a1]. */
  active: null | 1 | 2;
  hook: null | 1 | 2;
  dev: null | { n: number; alias: 1 | 2 };
  /** The developer's tags: 1 → [t0], 2 → [t0, t1]; only with a developer. */
  tags: null | 1 | 2;
}

type Operation = "create" | "update" | "replace" | "delete" | "activate another" | "deactivate one";

/** What the faulted request is, once the ids of team A's objects are known. */
interface Target {
  method: string;
  /** A route template (`/strategies`) or an exact path (`/strategies/<id>`). */
  path: string;
}

interface Ids {
  strategy(name: "a0" | "a1" | "x"): string;
  address(n: number): string;
}

export interface Cell {
  name: string;
  door: Door;
  kind: Kind;
  op: Operation;
  fault: Fault;
  /** The declaration the cell starts from, given the lane's current one. */
  before(from: TeamA, fresh: () => number): TeamA;
  after(before: TeamA, fresh: () => number): TeamA;
  /** The resource `pulumi up --replace` replaces (a kind whose inputs replace nothing). */
  replace?: string;
  target(ids: Ids, before: TeamA, after: TeamA): Target;
}

/** Where a lane starts: what every cell keeps unless its operation needs otherwise. */
export const BASE: TeamA = { x: 1, active: 1, hook: 1, dev: null, tags: null };

/**
 * A cell's starting declaration is the lane's current one (`from`) with only what its operation
 * needs changed, so that most cells start where the cell before them ended.
 */
const withDev = (from: TeamA, fresh: () => number): TeamA => ({
  ...from,
  dev: from.dev ?? { n: fresh(), alias: 1 },
});
const other = (v: 1 | 2): 1 | 2 => (v === 1 ? 2 : 1);

type Spec = Omit<Cell, "name" | "door" | "kind" | "op" | "fault">;

const OPERATIONS: Record<Kind, Partial<Record<Operation, Spec>>> = {
  Strategy: {
    create: {
      before: (from) => ({ ...from, x: null }),
      after: (b) => ({ ...b, x: 1 }),
      target: () => ({ method: "POST", path: "/strategies" }),
    },
    update: {
      before: (from) => ({ ...from, x: from.x ?? 1 }),
      after: (b) => ({ ...b, x: other(b.x!) }),
      target: (ids) => ({ method: "PATCH", path: `/strategies/${ids.strategy("x")}` }),
    },
    replace: {
      before: (from) => ({ ...from, x: from.x ?? 1 }),
      after: (b) => b,
      replace: "a-x",
      // The replacement's create: the one request that is not safe to repeat.
      target: () => ({ method: "POST", path: "/strategies" }),
    },
    delete: {
      before: (from) => ({ ...from, x: from.x ?? 1 }),
      after: (b) => ({ ...b, x: null }),
      target: (ids) => ({ method: "DELETE", path: `/strategies/${ids.strategy("x")}` }),
    },
  },
  StrategyActivation: {
    create: {
      before: (from) => ({ ...from, active: null }),
      after: (b) => ({ ...b, active: 1 }),
      target: (ids) => ({ method: "POST", path: `/strategies/${ids.strategy("a0")}/activate` }),
    },
    "activate another": {
      before: (from) => ({ ...from, active: 1 }),
      after: (b) => ({ ...b, active: 2 }),
      target: (ids) => ({ method: "POST", path: `/strategies/${ids.strategy("a1")}/activate` }),
    },
    "deactivate one": {
      before: (from) => ({ ...from, active: 2 }),
      after: (b) => ({ ...b, active: 1 }),
      target: (ids) => ({ method: "POST", path: `/strategies/${ids.strategy("a1")}/deactivate` }),
    },
    // A replacement holding the same set sends no write (a0 is active already): the replacement
    // here also holds a1, whose activation is the faulted request.
    replace: {
      before: (from) => ({ ...from, active: 1 }),
      after: (b) => ({ ...b, active: 2 }),
      replace: "a-active",
      target: (ids) => ({ method: "POST", path: `/strategies/${ids.strategy("a1")}/activate` }),
    },
    delete: {
      before: (from) => ({ ...from, active: from.active ?? 1 }),
      after: (b) => ({ ...b, active: null }),
      target: (ids) => ({ method: "POST", path: `/strategies/${ids.strategy("a0")}/deactivate` }),
    },
  },
  Webhook: {
    create: {
      before: (from) => ({ ...from, hook: null }),
      after: (b) => ({ ...b, hook: 1 }),
      target: () => ({ method: "PUT", path: "/webhook" }),
    },
    update: {
      before: (from) => ({ ...from, hook: from.hook ?? 1 }),
      after: (b) => ({ ...b, hook: other(b.hook!) }),
      target: () => ({ method: "PUT", path: "/webhook" }),
    },
    // A replacement declaring the same url finds it in place and writes nothing: the replacement
    // here declares the other url, the faulted request.
    replace: {
      before: (from) => ({ ...from, hook: from.hook ?? 1 }),
      after: (b) => ({ ...b, hook: other(b.hook!) }),
      replace: "a-hook",
      target: () => ({ method: "PUT", path: "/webhook" }),
    },
    delete: {
      before: (from) => ({ ...from, hook: from.hook ?? 1 }),
      after: (b) => ({ ...b, hook: null }),
      target: () => ({ method: "PUT", path: "/webhook" }),
    },
  },
  FollowedDeveloper: {
    create: {
      before: (from) => ({ ...from, dev: null, tags: null }),
      after: (b, fresh) => ({ ...b, dev: { n: fresh(), alias: 1 } }),
      target: (ids, _b, a) => ({ method: "POST", path: `/devs/${ids.address(a.dev!.n)}/add` }),
    },
    update: {
      before: (from, fresh) => ({ ...withDev(from, fresh), tags: null }),
      after: (b) => ({ ...b, dev: { n: b.dev!.n, alias: other(b.dev!.alias) } }),
      target: (ids, b) => ({ method: "PUT", path: `/devs/${ids.address(b.dev!.n)}/update` }),
    },
    // The address replaces the resource: the new address followed, then the old one deactivated.
    replace: {
      before: (from, fresh) => ({ ...withDev(from, fresh), tags: null }),
      after: (b, fresh) => ({ ...b, dev: { n: fresh(), alias: 1 } }),
      target: (ids, _b, a) => ({ method: "POST", path: `/devs/${ids.address(a.dev!.n)}/add` }),
    },
    delete: {
      before: (from, fresh) => ({ ...withDev(from, fresh), tags: null }),
      after: (b) => ({ ...b, dev: null }),
      target: (ids, b) => ({ method: "PUT", path: `/devs/${ids.address(b.dev!.n)}/update` }),
    },
  },
  DeveloperTags: {
    create: {
      before: (from, fresh) => ({ ...withDev(from, fresh), tags: null }),
      after: (b) => ({ ...b, tags: 1 }),
      target: (ids, b) => ({ method: "PUT", path: `/devs/${ids.address(b.dev!.n)}/tags` }),
    },
    update: {
      before: (from, fresh) => ({ ...withDev(from, fresh), tags: from.dev ? (from.tags ?? 1) : 1 }),
      after: (b) => ({ ...b, tags: other(b.tags!) }),
      target: (ids, b) => ({ method: "PUT", path: `/devs/${ids.address(b.dev!.n)}/tags` }),
    },
    // A replacement declaring the same set writes nothing (the set is as declared, held by the
    // resource it replaces): the replacement here declares the other set, the faulted request.
    replace: {
      before: (from, fresh) => ({ ...withDev(from, fresh), tags: from.dev ? (from.tags ?? 1) : 1 }),
      after: (b) => ({ ...b, tags: other(b.tags!) }),
      replace: "a-tags",
      target: (ids, b) => ({ method: "PUT", path: `/devs/${ids.address(b.dev!.n)}/tags` }),
    },
    delete: {
      before: (from, fresh) => ({ ...withDev(from, fresh), tags: from.dev ? (from.tags ?? 1) : 1 }),
      after: (b) => ({ ...b, tags: null }),
      target: (ids, b) => ({ method: "PUT", path: `/devs/${ids.address(b.dev!.n)}/tags` }),
    },
  },
};

function operationsOf(kind: Kind): Operation[] {
  return Object.keys(OPERATIONS[kind]) as Operation[];
}

function cell(door: Door, kind: Kind, op: Operation, fault: Fault): Cell {
  const spec = OPERATIONS[kind][op];
  if (!spec) throw new Error(`${kind} has no operation "${op}"`);
  return { name: `${door} · ${kind} ${op} · ${fault}`, door, kind, op, fault, ...spec };
}

/** Every door × kind × operation × fault: `npm run chaos -- --matrix`. */
export function fullMatrix(door: Door): Cell[] {
  return FAULTS.flatMap((fault) =>
    KINDS.flatMap((kind) => operationsOf(kind).map((op) => cell(door, kind, op, fault))),
  );
}

/**
 * The deterministic cover the e2e suite runs: every fault × every kind through the door, the
 * operation turning with the fault, so each operation of each kind runs at least once. A
 * timeout past the client's 30 s costs half a minute or more, so the cover times out the one
 * request whose answer matters most (a strategy's create, not safe to repeat) and drops the
 * others' connection before the commit (what a timeout of a request that never arrived leaves).
 */
export function cover(door: Door): Cell[] {
  return FAULTS.flatMap((fault, f) =>
    KINDS.map((kind, k) => {
      const ops = operationsOf(kind);
      return cell(door, kind, ops[(f + k + 1) % ops.length]!, fault);
    }),
  );
}

/** Whether a timeout cell waits past the client's own timeout (else: dropped before the commit). */
export function realTimeout(c: Cell, full: boolean): boolean {
  return c.fault === "timeout" && (full || (c.kind === "Strategy" && c.op === "create"));
}
