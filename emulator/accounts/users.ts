import type { Clock } from "../clock";
import { conflict } from "../http/errors";
import { newApiKey, newId } from "../ids";
import type { UserRecord } from "../store/records";
import type { Store } from "../store/store";
import type { LimitOverrides, Plan } from "./plans";
import { seedUserCatalogue } from "./seed";

export interface NewUser {
  plan: Plan;
  subscriptionActive?: boolean;
  apiKey?: string;
  limits?: LimitOverrides;
  /** Fixed id for deterministic seeds; random otherwise. */
  userId?: string;
}

/** Creates a user with its seeded catalogue (microblog, developer tags) in one transaction. */
export function createUser(
  store: Store,
  clock: Clock,
  input: NewUser,
): { userId: string; apiKey: string; plan: Plan } {
  const apiKey = input.apiKey ?? newApiKey();
  return store.transaction(() => {
    if (store.userByApiKey(apiKey)) throw conflict("A user with this API key already exists");
    const user: UserRecord = {
      id: input.userId ?? newId(),
      plan: input.plan,
      subscriptionActive: input.subscriptionActive ?? true,
      limits: input.limits ?? {},
      createdAt: clock.iso(),
    };
    if (store.getUser(user.id)) throw conflict(`User ${user.id} already exists`);
    store.putUser(user, apiKey);
    seedUserCatalogue(store, user.id, clock.nowMs());
    return { userId: user.id, apiKey, plan: user.plan };
  });
}

/**
 * Regenerates a user's API key (the app's Settings → API Access, service-api.md#authentication). The previous key
 * stops working at once (docs/spec-decisions.md): a regenerated key is how a leaked one is
 * revoked. Returns the new key, which is shown only here.
 */
export function rotateApiKey(store: Store, userId: string, apiKey: string = newApiKey()): string | undefined {
  return store.transaction(() => {
    const user = store.getUser(userId);
    if (!user) return undefined;
    if (store.userByApiKey(apiKey)) throw conflict("A user with this API key already exists");
    store.putUser(user, apiKey);
    return apiKey;
  });
}
