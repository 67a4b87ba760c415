import type { ResourceValidationPolicy } from "@pulumi/policy";
import { enforcementOf, type StrategyAlertsPolicyOptions } from "./options";
import { validateOurResource } from "./resource-validation";
import { isKnown } from "./stack-view";

/**
 * Deliveries carry token alerts and a signature; over plain http anyone on the path reads and
 * replays them. Plain http is fine only for a receiver on this machine.
 */
export function webhookHttpsPolicy(options: StrategyAlertsPolicyOptions): ResourceValidationPolicy {
  return {
    name: "webhook-https",
    description: "The webhook url uses https, unless it points at a loopback host.",
    enforcementLevel: enforcementOf("webhook-https", options),
    validateResource: validateOurResource("Webhook", (props, _args, reportViolation) => {
      const url = props.url;
      if (!isKnown(url) || url === null || url === undefined) return;
      const problem = insecureUrlProblem(String(url));
      if (problem) reportViolation(`Webhook url ${problem}`);
    }),
  };
}

function insecureUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw}" is not an absolute URL: use https://…`;
  }
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return undefined;
  return `uses ${url.protocol.replace(/:$/, "")} for host ${url.hostname || "(none)"}: use https (plain http is allowed only for localhost, 127.0.0.0/8 and [::1])`;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "[::1]") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
