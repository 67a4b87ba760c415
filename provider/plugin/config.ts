/**
 * The plugin's configuration: `strategy-alerts:apiKey` (a secret), `strategy-alerts:baseUrl` and
 * the pinned `strategy-alerts:accountId`,
 * from stack config for the default provider or from the inputs of an explicit provider
 * resource. The environment variables still take precedence (credentials.ts).
 *
 * The provider's own state is the stack's account pin: CheckConfig carries `accountId` from the
 * provider's stored inputs, or records the key's account at the stack's first `up`, so a key of
 * another account never writes, whatever order the engine calls the resources in.
 */
import { parseBaseUrl } from "../api/base-url";
import { BaseUrlError } from "../api/errors";
import { Redactor } from "../api/redact";
import { ACCOUNT_ID_CONFIG, API_KEY_CONFIG, BASE_URL_CONFIG, resolveCredentials } from "../credentials";
import { PLUGIN_PACKAGE } from "../model/type-tokens";
import { isUnknown } from "../model/unknown-value";
import type { PropertyBag } from "../runtime/inputs";
import type { ConfigReader } from "../runtime/settings";

/** The provider's configuration keys, as an explicit provider resource names its inputs. */
const CONFIG_KEYS = {
  apiKey: API_KEY_CONFIG,
  baseUrl: BASE_URL_CONFIG,
  accountId: ACCOUNT_ID_CONFIG,
} as const;
type ConfigKey = keyof typeof CONFIG_KEYS;

/**
 * A reader over Configure's arguments: the provider's inputs (`apiKey`), else its variables,
 * which the engine names `strategy-alerts:config:apiKey` (older engines `strategy-alerts:apiKey`).
 */
export function configReader(args: PropertyBag, variables: ReadonlyMap<string, string>): ConfigReader {
  const byName = new Map<string, string>();
  for (const [key, value] of variables) {
    const name = configName(key);
    if (name) byName.set(name, value);
  }
  for (const name of Object.keys(CONFIG_KEYS)) {
    const value = args[name];
    if (typeof value === "string" && !isUnknown(value)) byName.set(name, value);
  }
  return (key) => {
    const name = (Object.keys(CONFIG_KEYS) as ConfigKey[]).find((k) => CONFIG_KEYS[k] === key);
    const value = name && byName.get(name);
    return value || undefined;
  };
}

function configName(variable: string): string | undefined {
  const prefix = `${PLUGIN_PACKAGE}:`;
  if (!variable.startsWith(prefix)) return undefined;
  const rest = variable.slice(prefix.length);
  return rest.startsWith("config:") ? rest.slice("config:".length) : rest;
}

/**
 * One failure per wrong configuration value. A missing key is not a failure here: a program
 * whose resources all come from the environment's key, or a preview of none, needs no key.
 */
export function configFailures(news: PropertyBag): { property: string; reason: string }[] {
  const failures: { property: string; reason: string }[] = [];
  for (const name of Object.keys(CONFIG_KEYS) as ConfigKey[]) {
    const value = news[name];
    if (value === undefined || value === null || isUnknown(value)) continue;
    if (typeof value !== "string") {
      failures.push({ property: name, reason: `${name} must be a string (${CONFIG_KEYS[name]})` });
    }
  }
  const baseUrl = news.baseUrl;
  if (typeof baseUrl === "string" && !isUnknown(baseUrl) && baseUrl !== "") {
    try {
      // The URL is masked by the check itself; a key pasted into it is hidden as well.
      const key = typeof news.apiKey === "string" && !isUnknown(news.apiKey) ? [news.apiKey] : [];
      parseBaseUrl(baseUrl, (text) => new Redactor(key).text(text));
    } catch (err) {
      if (!(err instanceof BaseUrlError)) throw err;
      failures.push({ property: "baseUrl", reason: err.message });
    }
  }
  return failures;
}

/** The input of the provider that pins its account. */
const ACCOUNT_ID_INPUT = "accountId";

/** A string the inputs hold for `key` (an unknown counts: it is set, its value comes at apply). */
function isSet(bag: PropertyBag, key: string): boolean {
  const value = bag[key];
  return isUnknown(value) || (typeof value === "string" && value.trim() !== "");
}

/**
 * The account of the key a configuration names (the environment first, as the provider itself
 * resolves it), or undefined when it names none or the read fails: CheckConfig then records no
 * pin and fails nothing (a preview without credentials still works).
 */
export type KeyAccount = (read: ConfigReader) => Promise<string | undefined>;

/**
 * The provider's new inputs with the account pin: an `accountId` set explicitly (stack config
 * `strategy-alerts:accountId` or the explicit provider's input) wins; else the one the provider's
 * stored inputs (`olds`) carry; else, at the stack's first `up` (and the first after an upgrade),
 * the key's account, read once.
 */
export async function withAccountPin(
  olds: PropertyBag,
  news: PropertyBag,
  keyAccount: KeyAccount,
): Promise<PropertyBag> {
  if (isSet(news, ACCOUNT_ID_INPUT)) return news;
  if (isSet(olds, ACCOUNT_ID_INPUT) && !isUnknown(olds[ACCOUNT_ID_INPUT]))
    return { ...news, [ACCOUNT_ID_INPUT]: olds[ACCOUNT_ID_INPUT] };
  const accountId = await keyAccount(configReader(news, new Map()));
  return accountId === undefined ? news : { ...news, [ACCOUNT_ID_INPUT]: accountId };
}

/**
 * Whether the pin moved: only from a recorded account to another (an explicit change). Recording
 * the first one, which CheckConfig does on an upgrade, is no change: it previews as none.
 */
export function accountPinChanged(olds: PropertyBag, news: PropertyBag): boolean {
  if (!isSet(olds, ACCOUNT_ID_INPUT)) return false;
  return olds[ACCOUNT_ID_INPUT] !== news[ACCOUNT_ID_INPUT];
}

/** What identifies the credentials a configuration resolves to, or undefined when it has none. */
export function credentialsOf(read: ConfigReader): string | undefined {
  try {
    const { apiKey, baseUrl } = resolveCredentials(read);
    return `${baseUrl}\n${apiKey}`;
  } catch {
    return undefined;
  }
}
