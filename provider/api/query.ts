import { RequestArgumentError } from "./errors";

/** A query value as the groups accept it; serialised by `serializeQuery`. */
type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/**
 * Serialises a query object: arrays as one CSV parameter (the spec accepts CSV or repeated
 * parameters; one form keeps cursor requests comparable), booleans as `true`/`false`, and
 * undefined/null/empty arrays left out. Keys keep their insertion order.
 */
export function serializeQuery(query: object | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, QueryValue][]) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.append(key, value.join(","));
      continue;
    }
    params.append(key, String(value));
  }
  const text = params.toString().replace(/%2C/g, ",");
  return text ? `?${text}` : "";
}

/** Fills a route template (`/strategies/:id`) with URL-encoded path parameters. */
export function fillRoute(route: string, params: Record<string, string> = {}): string {
  return route.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") {
      throw new RequestArgumentError(
        `${route}: the path parameter "${name}" is missing or empty; pass the id of an existing object`,
      );
    }
    return encodeURIComponent(value);
  });
}
