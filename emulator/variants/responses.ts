import type { FastifyReply, FastifyRequest } from "fastify";
import type { VariantName } from "./catalog";

/**
 * The variants that change every answer alike (extra-fields, sparse-fields, error-layout) act
 * here, once, on the serialised JSON about to be sent, rather than in each route. Variants
 * about one reading (list order, developer bodies, backtest pace, …) are switches in their route.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Objects whose keys are data (event types, window labels, hour indexes), not field names. */
const KEYED_BY_DATA = new Set([
  "triggerConfigs",
  "multiples",
  "mcaps",
  "windows",
  "config",
  "clusterConfig",
  "value",
]);

/** Variant `extra-fields`: what a newer service version might add to every object it sends. */
const EXTRA_FIELDS: Readonly<JsonObject> = {
  xUnknownNote: "a field this client does not know",
  xUnknownDetails: { addedIn: "a later version", items: [1, 2] },
};

function withExtraFields(value: Json): Json {
  if (Array.isArray(value)) return value.map(withExtraFields);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = KEYED_BY_DATA.has(k) ? v : withExtraFields(v);
  return { ...out, ...EXTRA_FIELDS };
}

const omit = (o: Json | undefined, ...keys: string[]): Json | undefined => {
  if (!isObject(o)) return o;
  const out = { ...o };
  for (const k of keys) delete out[k];
  return out;
};
const pick = (o: Json | undefined, ...keys: string[]): Json | undefined => {
  if (!isObject(o)) return o;
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k] as Json]));
};
const mapItems = (body: JsonObject, key: string, fn: (item: Json) => Json | undefined): JsonObject => {
  const list = body[key];
  return Array.isArray(list) ? { ...body, [key]: list.map((i) => fn(i) ?? null) } : body;
};

/**
 * Variant `sparse-fields`: the smallest answer the spec allows, per route. Fields the spec does
 * not show (developer records beyond the address, developer tag extras, strategy triggerConfigs,
 * a PATCH beyond its promised minimum) and members the spec leaves open (evaluation debugTrail,
 * notification triggerContext) are left out.
 */
function sparse(method: string, route: string, body: JsonObject): JsonObject {
  switch (`${method} ${route}`) {
    case "GET /devs/my":
      return mapItems(body, "developers", (d) => pick(d, "address"));
    case "POST /devs/:address/add":
    case "PUT /devs/:address/update":
      return "developer" in body ? { ...body, developer: pick(body.developer, "address") ?? null } : body;
    case "GET /devs/tags":
      return mapItems(body, "tags", (t) => pick(t, "id", "name"));
    case "GET /strategies":
      return mapItems(body, "strategies", (s) => omit(s, "triggerConfigs"));
    case "GET /strategies/:id":
      return { ...body, strategy: omit(body.strategy, "triggerConfigs") ?? null };
    case "PATCH /strategies/:id":
      return { ...body, strategy: pick(body.strategy, "id", "name", "description", "isActive") ?? null };
    case "GET /strategy-evaluations":
      return mapItems(body, "items", (e) => omit(e, "debugTrail"));
    case "GET /notifications":
      return mapItems(body, "items", (n) => omit(n, "triggerContext"));
    case "GET /notifications/:id":
      return omit(body, "triggerContext") as JsonObject;
    default:
      return body;
  }
}

/**
 * Variant `error-layout`: other texts for 403 and 404, and 400s whose problems come in another
 * layout: a request with a body lists them as `errors: [{path, message}]` under a generic
 * message (each message without its path), a request without one as `message: [strings]`.
 * Extra members (the backtest window's `available`) are kept.
 */
function otherErrorLayout(method: string, status: number, body: JsonObject): JsonObject {
  const { issues, message, ...rest } = body;
  if (status === 403) return { ...rest, message: `Forbidden resource: ${String(message)}` };
  if (status === 404) return { ...rest, message: "The requested resource was not found" };
  if (status !== 400) return body;
  const list: { path: string; message: string }[] = Array.isArray(issues)
    ? issues.filter(isObject).map((i) => ({ path: String(i.path ?? ""), message: String(i.message ?? "") }))
    : [{ path: "", message: String(message) }];
  if (method === "GET" || method === "DELETE") return { ...rest, message: list.map((i) => i.message) };
  const bare = (i: { path: string; message: string }) =>
    i.path && i.message.startsWith(i.path)
      ? i.message.slice(i.path.length).replace(/^[:\s]+/, "")
      : i.message;
  return {
    ...rest,
    message: "Validation failed",
    errors: list.map((i) => ({ path: i.path, message: bare(i) })),
  };
}

export function reshapeForVariants(
  variants: ReadonlySet<VariantName>,
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): unknown {
  const reshapes =
    variants.has("extra-fields") || variants.has("sparse-fields") || variants.has("error-layout");
  if (!reshapes || typeof payload !== "string" || payload.length === 0) return payload;
  let body: Json;
  try {
    body = JSON.parse(payload) as Json;
  } catch {
    return payload;
  }
  const status = reply.statusCode;
  const template = req.routeOptions.url ?? "";
  const route = template.replace(/^\/api\/external\/v1/, "") || "/";
  if (variants.has("sparse-fields") && status < 300 && isObject(body)) body = sparse(req.method, route, body);
  if (variants.has("error-layout") && status >= 400 && isObject(body))
    body = otherErrorLayout(req.method, status, body);
  if (variants.has("extra-fields")) body = withExtraFields(body);
  return JSON.stringify(body);
}
