import type * as pulumi from "@pulumi/pulumi";
import { ConflictError, NotFoundError } from "../api/errors";
import type { DeveloperRecord } from "../model/schemas/developer";
import { processClient } from "./client";
import { operation } from "./errors";
import { isUnknown, type PropertyBag, withoutProvider } from "./inputs";
import { runState } from "./run-state";

interface Declared {
  address: string;
  alias?: string;
  active: boolean;
}

function declared(bag: PropertyBag): Declared {
  const d: Declared = { address: bag.address, active: bag.active !== false };
  if (typeof bag.alias === "string") d.alias = bag.alias;
  return d;
}

const label = (address: unknown) => `FollowedDeveloper "${String(address)}"`;

/**
 * A followed developer wallet. The API cannot unfollow, so delete deactivates (alias kept) and a
 * later create of the same address follows it again: adoption by address is the normal path.
 */
export const followedDeveloperHandler: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    const inputs = withoutProvider(news);
    const failures: { property: string; reason: string }[] = [];
    if (!isUnknown(inputs.address) && (typeof inputs.address !== "string" || inputs.address.trim() === "")) {
      failures.push({ property: "address", reason: "address is required: the developer's wallet address" });
    }
    if (inputs.alias !== undefined && typeof inputs.alias !== "string" && !isUnknown(inputs.alias)) {
      failures.push({ property: "alias", reason: "alias must be a string" });
    }
    if (inputs.active !== undefined && typeof inputs.active !== "boolean" && !isUnknown(inputs.active)) {
      failures.push({ property: "active", reason: "active must be a boolean" });
    }
    if (failures.length > 0) return { inputs, failures };
    const canonical: PropertyBag = { address: inputs.address, active: inputs.active !== false };
    if (inputs.alias !== undefined) canonical.alias = inputs.alias;
    return { inputs: canonical };
  },

  async diff(_id, olds, news) {
    const a = declared(olds);
    const b = declared(news);
    // The address is the identity: another address is another developer.
    const replaces = a.address !== b.address ? ["address"] : [];
    const changes = replaces.length > 0 || a.alias !== b.alias || a.active !== b.active;
    return { changes, replaces };
  },

  async create(inputs) {
    const want = declared(withoutProvider(inputs));
    return operation(label(want.address), "create", async () => {
      const client = processClient();
      // Already followed (made in the app, or our earlier attempt landed): adopt it as it is.
      // Adding it again would reactivate an inactive developer, even if only for a moment.
      if (!(await runState.developers()).has(want.address)) {
        try {
          await client.devs.add(want.address, want.alias !== undefined ? { alias: want.alias } : {});
        } catch (err) {
          if (!(err instanceof ConflictError)) throw err;
        }
        runState.invalidateDevelopers();
      }
      const record = await converge(want);
      return { id: want.address, outs: outputs(want, record) };
    });
  },

  async read(id) {
    return operation(label(id), "refresh", async () => {
      const record = (await runState.developers()).get(id);
      if (!record) return {};
      const inputs: PropertyBag = { address: record.address, active: record.isActive !== false };
      if (record.alias) inputs.alias = record.alias;
      return { id, props: outputs(declared(inputs), record), inputs };
    });
  },

  async update(id, _olds, news) {
    const want = declared(withoutProvider(news));
    return operation(label(id), "update", async () => {
      runState.invalidateDevelopers();
      const record = await converge(want);
      return { outs: outputs(want, record) };
    });
  },

  async delete(id) {
    await operation(label(id), "delete", async () => {
      try {
        await processClient().devs.update(id, { isActive: false });
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
      runState.invalidateDevelopers();
    });
  },
};

/** Bring alias and activity to the declared values (one PUT when they differ) and read the record. */
async function converge(want: Declared): Promise<DeveloperRecord> {
  const current = (await runState.developers()).get(want.address);
  const aliasDiffers = want.alias !== undefined && current?.alias !== want.alias;
  const activityDiffers = (current?.isActive !== false) !== want.active;
  if (!current || aliasDiffers || activityDiffers) {
    await processClient().devs.update(want.address, {
      ...(want.alias !== undefined ? { alias: want.alias } : {}),
      isActive: want.active,
    });
    runState.invalidateDevelopers();
  }
  const record = (await runState.developers()).get(want.address);
  if (!record)
    throw new Error(`the service does not list ${want.address} among followed developers after following it`);
  return record;
}

function outputs(want: Declared, record: DeveloperRecord): PropertyBag {
  const out: PropertyBag = {
    ...record,
    address: want.address,
    active: want.active,
    addedAt: record.addedAt ?? null,
  };
  if (want.alias !== undefined) out.alias = want.alias;
  return out;
}
