/**
 * The plugin's functions (Invoke): the package's lookups, each answered with the credentials
 * of the provider instance that serves the call, and their results as the lookups return them.
 * A list comes back under one property (the engine's results are objects).
 */
import type { z } from "zod";
import {
  getAccount,
  getDeveloperTags,
  getFollowedDevelopers,
  getMicroblogHandles,
  getMicroblogTags,
  getStrategies,
} from "../functions/lookups";
import { StrategyAlertsError } from "../model/errors";
import { MicroblogHandlesQuerySchema, MicroblogTagsQuerySchema } from "../model/schemas/microblog";
import { PLUGIN_PACKAGE } from "../model/type-tokens";
import type { RuntimeContext } from "../runtime/context";
import type { PropertyBag } from "../runtime/inputs";

/** A wrong argument of a function call, answered as a failure naming the argument. */
export class InvokeArgumentError extends StrategyAlertsError {
  override readonly name = "InvokeArgumentError";
  readonly property: string;

  constructor(property: string, reason: string) {
    super(`${property} ${reason}`);
    this.property = property;
  }
}

function parsed<T>(schema: z.ZodType<T>, args: PropertyBag): T {
  const result = schema.safeParse(args);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new InvokeArgumentError(issue.path.join(".") || "args", issue.message);
}

type Lookup = (ctx: RuntimeContext, args: PropertyBag) => Promise<PropertyBag>;

const optionalBoolean = (args: PropertyBag, key: string): boolean | undefined => {
  const v = args[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "boolean") throw new InvokeArgumentError(key, "must be a boolean");
  return v;
};
const optionalString = (args: PropertyBag, key: string): string | undefined => {
  const v = args[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw new InvokeArgumentError(key, "must be a string");
  return v;
};

/** The instance's credentials, passed explicitly so the lookups use no other configuration. */
function options(ctx: RuntimeContext) {
  const { apiKey, baseUrl } = ctx.settings.credentials();
  return { apiKey, baseUrl };
}

export const FUNCTIONS = {
  getAccount: async (ctx) => ({ ...(await getAccount(options(ctx))) }),
  getStrategies: async (ctx, args) => {
    const filter: { name?: string; isActive?: boolean } = {};
    const name = optionalString(args, "name");
    const isActive = optionalBoolean(args, "isActive");
    if (name !== undefined) filter.name = name;
    if (isActive !== undefined) filter.isActive = isActive;
    return { strategies: await getStrategies(filter, options(ctx)) };
  },
  getDeveloperTags: async (ctx) => ({ tags: await getDeveloperTags(options(ctx)) }),
  getFollowedDevelopers: async (ctx, args) => {
    const isActive = optionalBoolean(args, "isActive");
    return {
      developers: await getFollowedDevelopers(isActive === undefined ? {} : { isActive }, options(ctx)),
    };
  },
  getMicroblogTags: async (ctx, args) => ({
    tags: await getMicroblogTags(parsed(MicroblogTagsQuerySchema, args), options(ctx)),
  }),
  getMicroblogHandles: async (ctx, args) => ({
    handles: await getMicroblogHandles(parsed(MicroblogHandlesQuerySchema, args), options(ctx)),
  }),
} satisfies Record<string, Lookup>;

export type FunctionName = keyof typeof FUNCTIONS;

export function functionToken(name: FunctionName): string {
  return `${PLUGIN_PACKAGE}:index:${name}`;
}

export function functionOf(token: string): Lookup | undefined {
  const prefix = `${PLUGIN_PACKAGE}:index:`;
  if (!token.startsWith(prefix)) return undefined;
  const name = token.slice(prefix.length);
  return Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name as FunctionName] : undefined;
}
