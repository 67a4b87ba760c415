import type * as pulumi from "@pulumi/pulumi";
import type { ApiClient } from "../api/client";
import { clientCache, resolveCredentials } from "../credentials";

export interface LookupOptions {
  /** Defaults to STRATEGY_ALERTS_API_KEY, then stack config `strategy-alerts:apiKey`. */
  apiKey?: string;
  /** Defaults to STRATEGY_ALERTS_BASE_URL, then stack config `strategy-alerts:baseUrl`. */
  baseUrl?: string;
}

const clientFor = clientCache({ userAgent: "pulumi-strategy-alerts" });

/**
 * Lookups run in the program process (not the provider), with their own client; it shares the
 * process-wide rate limiter of its key. The raw config read avoids surfacing the secret.
 */
export function lookupClient(options: LookupOptions = {}): ApiClient {
  return clientFor(resolveCredentials(stackConfig, options));
}

/**
 * Loaded on first use: the provider plugin calls the lookups with its instance's credentials and
 * never reaches here, and loading the SDK would add seconds to every plugin start.
 */
function stackConfig(key: string): string | undefined {
  const sdk = require("@pulumi/pulumi") as typeof pulumi;
  return sdk.runtime.getConfig(key);
}
