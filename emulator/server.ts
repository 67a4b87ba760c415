import Fastify, { type FastifyInstance } from "fastify";
import { DEMO_DEVELOPER, type DemoUser, demoUsers } from "./accounts/seed";
import { createUser } from "./accounts/users";
import { Clock } from "./clock";
import { type EmulatorContext, keyedSerializer } from "./context";
import { DEFAULT_DELIVERY_TIMEOUT_MS } from "./delivery";
import { BacktestRunner } from "./engine/backtest-runner";
import { DeliveryTracker } from "./engine/dispatch";
import { DEFAULT_HISTORY, type HistorySeed, seedHistory, TokenHistory } from "./engine/history";
import { TokenStream } from "./engine/stream";
import { badRequest, HttpError, reasonPhrase } from "./http/errors";
import { FaultRegistry } from "./http/faults";
import { installApiHooks } from "./http/hooks";
import { RequestJournal } from "./http/journal";
import { FixedWindowLimiter, SlidingWindowLimiter } from "./http/rate-limit";
import { accountRoutes } from "./routes/account";
import { backtestRoutes } from "./routes/backtests";
import { CLOCK_OFFSET_META, CONTROL_PREFIX, registerControlPlane } from "./routes/control";
import { devsRoutes } from "./routes/devs";
import { evaluationRoutes } from "./routes/evaluations";
import { microblogRoutes } from "./routes/microblog";
import { notificationRoutes } from "./routes/notifications";
import { strategyRoutes } from "./routes/strategies";
import { webhookRoutes } from "./routes/webhook";
import { Store } from "./store/store";
import { assertCompatible, type VariantName } from "./variants/catalog";

const BASE_PATH = "/api/external/v1";
const MAX_PARAM_LENGTH = 32 * 1024;

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** SQLite file for durable state; in memory when absent. */
  dataFile?: string;
  /** "demo" creates the demo users (fixed ids and keys) at start and after a reset. */
  seed?: "demo";
  /** Business clock; by default wall time plus the offset persisted in the data file. */
  clock?: Clock;
  /** Webhook verification / delivery timeout. */
  webhookTimeoutMs?: number;
  /**
   * Seeded token history (generated timelines) for backtests and performance; default
   * DEFAULT_HISTORY. false starts with no history (tests that hand-build their timelines).
   */
  history?: HistorySeed | false;
  /** Starts the background token stream (off by default); a number sets its interval in ms. */
  stream?: boolean | number;
  logger?: boolean;
  /** Other readings of what the spec leaves open (emulator/variants/catalog.ts); none by default. */
  variants?: Iterable<VariantName>;
}

export interface RunningEmulator {
  /** http://host:port/api/external/v1 */
  baseUrl: string;
  /** http://host:port/_emulator */
  controlUrl: string;
  port: number;
  store: Store;
  clock: Clock;
  /** The demo users (with keys) when started with seed "demo". */
  demoUsers: DemoUser[];
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = opts.host ?? "127.0.0.1";
  const store = new Store(opts.dataFile);
  const clock = opts.clock ?? new Clock(Number(store.getMeta(CLOCK_OFFSET_META) ?? 0));
  const seeded = opts.seed === "demo" ? demoUsers() : [];
  const historySeed = opts.history ?? DEFAULT_HISTORY;
  const history = new TokenHistory();
  const variants = new Set(opts.variants ?? []);
  assertCompatible(variants);
  const ctx: EmulatorContext = {
    store,
    clock,
    limiter: variants.has("rate-window-fixed") ? new FixedWindowLimiter() : new SlidingWindowLimiter(),
    faults: new FaultRegistry(),
    journal: new RequestJournal(),
    webhookTimeoutMs: opts.webhookTimeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
    history,
    deliveries: new DeliveryTracker(),
    stream: undefined as unknown as TokenStream,
    backtests: undefined as unknown as BacktestRunner,
    serialize: keyedSerializer(),
    variants,
    reseed: () => {
      seedDemo(ctx, seeded);
      // Seeded timelines are regenerated (deterministic), upserted observations restored.
      history.clear();
      if (historySeed) seedHistory(history, historySeed, clock.nowMs());
      for (const t of store.listTokenObservations()) history.upsert(t.observation as never);
    },
  };
  ctx.stream = new TokenStream(ctx);
  ctx.backtests = new BacktestRunner(ctx);
  ctx.reseed();

  const app = buildApp(ctx, opts.logger ?? false);
  try {
    await app.listen({ port: opts.port ?? 0, host });
  } catch (e) {
    store.close();
    throw e;
  }
  if (opts.stream) ctx.stream.start(typeof opts.stream === "number" ? opts.stream : undefined);
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : (opts.port ?? 0);
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    baseUrl: origin + BASE_PATH,
    controlUrl: origin + CONTROL_PREFIX,
    port,
    store,
    clock,
    demoUsers: seeded,
    app,
    async close() {
      ctx.stream.stop();
      ctx.backtests.stop();
      await app.close();
      store.close();
    },
  };
}

function buildApp(ctx: EmulatorContext, logger: boolean): FastifyInstance {
  // The router's own refusals (a malformed URL) are answered by the API pipeline, bound below.
  let answerFrameworkError: ReturnType<typeof installApiHooks>["answerFrameworkError"] | undefined;
  // maxParamLength above Node's 16 KiB request-head limit, so no id is ever too long for the
  // router: an over-long id reaches its route and gets that route's 400 (`id: must be a UUID`).
  const app = Fastify({
    logger,
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (err, req, reply) => {
      void answerFrameworkError!(err, req, reply).catch((e: unknown) => {
        req.log.error(e);
        req.raw.socket.destroy();
      });
    },
  });

  // JSON bodies: an empty body is "no body" (clients often send a JSON content type on
  // bodiless POSTs); malformed JSON and prototype keys are 400s. Other media types are 400s.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text, rejectProtoKeys));
    } catch (e) {
      done(e instanceof HttpError ? e : badRequest([{ path: "body", message: "body: malformed JSON" }]));
    }
  });
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => {
    if (String(body) === "") return done(null, undefined);
    done(badRequest([{ path: "body", message: "body: Content-Type must be application/json" }]));
  });

  app.setErrorHandler((err: Error, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).headers(err.headers).send(err.body());
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ statusCode: status, message: err.message, error: reasonPhrase(status) });
    }
    req.log.error(err);
    return reply
      .code(500)
      .send({ statusCode: 500, message: "Internal server error", error: reasonPhrase(500) });
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0];
    reply.code(404).send({ statusCode: 404, message: `Cannot ${req.method} ${path}`, error: "Not Found" });
  });

  answerFrameworkError = installApiHooks(app, ctx, BASE_PATH).answerFrameworkError;
  app.register(
    async (api) => {
      for (const routes of [
        accountRoutes,
        strategyRoutes,
        webhookRoutes,
        devsRoutes,
        microblogRoutes,
        evaluationRoutes,
        backtestRoutes,
        notificationRoutes,
      ]) {
        routes(api, ctx);
      }
    },
    { prefix: BASE_PATH },
  );
  registerControlPlane(app, ctx, BASE_PATH);
  return app;
}

function rejectProtoKeys(key: string, value: unknown): unknown {
  if (key === "__proto__")
    throw badRequest([{ path: "body", message: "body: the key __proto__ is not allowed" }]);
  return value;
}

/** Creates the demo users once (idempotent across restarts with the same data file). */
function seedDemo(ctx: EmulatorContext, users: DemoUser[]): void {
  for (const u of users) {
    if (ctx.store.getUser(u.userId)) continue;
    createUser(ctx.store, ctx.clock, { plan: u.plan, apiKey: u.apiKey, userId: u.userId });
    const now = ctx.clock.iso();
    ctx.store.putDeveloper(u.userId, {
      address: DEMO_DEVELOPER,
      alias: "demo developer",
      isActive: true,
      tagIds: [],
      addedAt: now,
      updatedAt: now,
    });
  }
}
