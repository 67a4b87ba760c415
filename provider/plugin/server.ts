/**
 * The ResourceProvider gRPC service of the plugin, on @grpc/grpc-js with the stubs the SDK ships.
 * It translates the protocol (structs, secrets, detailed diffs, init failures) and hands every
 * resource operation to the same runtime handlers the dynamic shell uses. One server holds one
 * RuntimeContext: the engine starts a plugin process per provider instance, and a test may run
 * several servers in one process, each with its own account, client and run caches.
 */
import * as grpc from "@grpc/grpc-js";
import * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import type * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import * as anyproto from "google-protobuf/google/protobuf/any_pb";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import { Redactor } from "../api/redact";
import { checkedAtApply, checkedAtApplyLine } from "../model/checked-at-apply";
import { StrategyAlertsError } from "../model/errors";
import { credentialInputs, secretOutputs, stableProperties } from "../model/kinds";
import { printableText } from "../model/printable-text";
import { shortText } from "../model/quoted-text";
import type { ResourceKind } from "../model/type-tokens";
import { boundedFailures } from "../runtime/check-failures";
import { RuntimeContext } from "../runtime/context";
import { handlers } from "../runtime/handlers";
import type { PropertyBag } from "../runtime/inputs";
import type { ConfigReader } from "../runtime/settings";
import { CheckFailedError } from "./check-failed";
import { accountPinChanged, configFailures, configReader, credentialsOf, withAccountPin } from "./config";
import { inCanonicalOrder, inOrderOf } from "./declared-order";
import { changedProperties, type DetailedDiff, detailedDiff } from "./detailed-diff";
import { type ResourceWarn, stderrWarn } from "./engine-log";
import { functionOf, InvokeArgumentError } from "./functions";
import { pluginSchema } from "./package-schema";
import { packageVersion } from "./package-version";
import { kindOfUrn, previewOutputs } from "./tokens";
import { open, seal } from "./wire";

type Unary<Req, Res> = grpc.handleUnaryCall<Req, Res>;

/** An error the engine should show as is: its message names the resource and what to do. */
class ProtocolError extends StrategyAlertsError {
  readonly code: grpc.status;

  constructor(code: grpc.status, message: string) {
    super(message);
    this.code = code;
  }
}

export class StrategyAlertsProvider {
  readonly ctx: RuntimeContext;
  #configured = false;
  /** The credentials CheckConfig read this run's account with, if it did. */
  #checkedCredentials: string | undefined;
  readonly #warn: ResourceWarn;

  /** `warn`: how a warning reaches the resource it is about (the engine's log, else stderr). */
  constructor(ctx: RuntimeContext = new RuntimeContext(), warn: ResourceWarn = stderrWarn) {
    this.ctx = ctx;
    this.#warn = warn;
  }

  /**
   * The service implementation. Methods left out (Construct, Call, Parameterize, GetMapping(s),
   * Handshake, Attach, List) answer UNIMPLEMENTED, grpc-js's default, which the engine takes as
   * "not supported" for each of them.
   */
  service(): grpc.UntypedServiceImplementation {
    const implementation: Partial<provrpc.IResourceProviderServer> = {
      ...this.#pluginMethods(),
      ...this.#configMethods(),
      ...this.#resourceReadMethods(),
      ...this.#resourceWriteMethods(),
      ...this.#functionMethods(),
    };
    return implementation as grpc.UntypedServiceImplementation;
  }

  /** What the plugin is: its version, its schema, and cancellation. */
  #pluginMethods(): Partial<provrpc.IResourceProviderServer> {
    return {
      getPluginInfo: this.#unary(async () => new pluginproto.PluginInfo().setVersion(packageVersion())),
      getSchema: this.#unary(async () => {
        // The served schema names the running plugin's version (schema.json, checked in, does
        // not: it describes the model), so the engine and `pulumi package get-schema` find it.
        const { name, ...rest } = pluginSchema();
        return new provproto.GetSchemaResponse().setSchema(
          JSON.stringify({ name, version: packageVersion(), ...rest }),
        );
      }),
      // Nothing runs in the background: each operation ends with its request.
      cancel: this.#unary(async () => new emptyproto.Empty()),
    };
  }

  /** The provider's own configuration: the key, the base URL and the account pin. */
  #configMethods(): Partial<provrpc.IResourceProviderServer> {
    return {
      checkConfig: this.#unary(async (req: provproto.CheckRequest) => {
        const olds = open(req.getOlds()).bag;
        const news = open(req.getNews());
        const failures = configFailures(news.bag);
        if (failures.length > 0) throw new CheckFailedError(boundedFailures(failures));
        // The provider's stored inputs pin the stack's account (config.ts).
        const checked = await withAccountPin(olds, news.bag, (read) => this.#keyAccount(read));
        // The key is stored as a secret even when a program passed it as plain text.
        const keys = new Set([...news.secretKeys, "apiKey"]);
        return new provproto.CheckResponse().setInputs(seal(checked, keys));
      }),
      diffConfig: this.#unary(async (req: provproto.DiffRequest) => {
        const olds = open(req.getOldInputs() ?? req.getOlds()).bag;
        const news = open(req.getNews()).bag;
        // A new key or address never replaces the provider: that would replace every resource.
        // The pin is a change only when it moves (an upgrade records the first one as none).
        const changed = ["apiKey", "baseUrl"].filter((k) => (olds[k] ?? null) !== (news[k] ?? null));
        if (accountPinChanged(olds, news)) changed.push("accountId");
        const res = new provproto.DiffResponse()
          .setChanges(changed.length > 0 ? DIFF_SOME : DIFF_NONE)
          .setDiffsList(changed)
          .setHasdetaileddiff(true);
        for (const k of changed) res.getDetaileddiffMap().set(k, propertyDiff("UPDATE"));
        return res;
      }),
      configure: this.#unary(async (req: provproto.ConfigureRequest) => {
        const args = open(req.getArgs()).bag;
        const variables = new Map(req.getVariablesMap().toArray());
        const reader = configReader(args, variables);
        // The account CheckConfig read is this run's (its cache): it must be the configured key's.
        if (this.#checkedCredentials !== undefined && credentialsOf(reader) !== this.#checkedCredentials)
          throw new ProtocolError(
            grpc.status.FAILED_PRECONDITION,
            "strategy-alerts: the provider was configured with other credentials than its configuration was " +
              "checked with. Nothing was sent; run the command again.",
          );
        this.ctx.settings.setReader(reader);
        this.#configured = true;
        // Create and Update are called in previews too, and answer without a request (previewOutputs).
        return new provproto.ConfigureResponse()
          .setAcceptsecrets(true)
          .setAcceptresources(true)
          .setSupportspreview(true);
      }),
    };
  }

  /**
   * The account of the key a configuration under check names, read as this run's account (one
   * GET /me serves the pin and the run). The engine checks a provider instance before it
   * configures it; one already configured (never by the engine) records no pin rather than
   * read with another key.
   */
  async #keyAccount(read: ConfigReader): Promise<string | undefined> {
    const credentials = credentialsOf(read);
    if (credentials === undefined || this.#configured) return undefined;
    this.ctx.settings.setReader(read);
    try {
      const { userId } = await this.ctx.run.account();
      this.#checkedCredentials = credentials;
      return userId;
    } catch {
      return undefined;
    }
  }

  /** The resource operations that change nothing: check, diff and read (refresh, import). */
  #resourceReadMethods(): Partial<provrpc.IResourceProviderServer> {
    return {
      check: this.#unary(async (req: provproto.CheckRequest) => {
        const kind = this.#kind(req.getUrn());
        const olds = open(req.getOlds());
        const news = open(req.getNews());
        const result = await handlers[kind].check(this.ctx, olds.bag, news.bag);
        // Failures come back as one error of our words (check-failed.ts), not as CheckFailures.
        if (result.failures && result.failures.length > 0) throw new CheckFailedError(result.failures);
        const waiting = checkedAtApply(kind, news.bag);
        if (waiting.length > 0) await this.#warn(req.getUrn(), checkedAtApplyLine(waiting));
        // Sets in the program's order, so that diff paths name elements as the program does.
        const inputs = inOrderOf(kind, news.bag, result.inputs);
        return new provproto.CheckResponse().setInputs(
          seal(inputs, sealedKeys(kind, news.secretKeys, inputs)),
        );
      }),
      diff: this.#unary(async (req: provproto.DiffRequest) => {
        const kind = this.#kind(req.getUrn());
        const olds = open(req.getOlds()).bag;
        const oldInputs = req.hasOldInputs() ? open(req.getOldInputs()).bag : olds;
        const news = open(req.getNews()).bag;
        const result = await handlers[kind].diff(
          this.ctx,
          req.getId(),
          inCanonicalOrder(kind, olds),
          inCanonicalOrder(kind, news),
        );
        return diffResponse(kind, result, oldInputs, news);
      }),
      read: this.#unary(async (req: provproto.ReadRequest) => {
        const kind = this.#kind(req.getUrn());
        const outputs = open(req.getProperties());
        const inputs = open(req.getInputs());
        // Outputs carry the inputs too; an import (no state) has neither.
        const previous = { ...inputs.bag, ...outputs.bag };
        const keys = new Set([...outputs.secretKeys, ...inputs.secretKeys]);
        const result = await handlers[kind].read(this.ctx, req.getId(), inCanonicalOrder(kind, previous));
        const res = new provproto.ReadResponse();
        if (!result.id) return res; // Gone: the engine drops it from state.
        // A refresh keeps the program's order: only a change made in the app is a difference.
        return res
          .setId(result.id)
          .setProperties(seal(inOrderOf(kind, previous, result.props), secretKeys(kind, keys, result.props)))
          .setInputs(seal(inOrderOf(kind, previous, result.inputs), sealedKeys(kind, keys, result.inputs)));
      }),
    };
  }

  /** The resource operations that write, each answered without a request in a preview. */
  #resourceWriteMethods(): Partial<provrpc.IResourceProviderServer> {
    return {
      create: this.#unary(async (req: provproto.CreateRequest) => {
        const kind = this.#kind(req.getUrn());
        const inputs = open(req.getProperties());
        if (req.getPreview()) {
          const outs = previewOutputs(kind, inputs.bag);
          return new provproto.CreateResponse().setProperties(
            seal(outs, secretKeys(kind, inputs.secretKeys, outs)),
          );
        }
        const result = await this.#initFailing(kind, inputs.secretKeys, () =>
          handlers[kind].create(this.ctx, inCanonicalOrder(kind, inputs.bag)),
        );
        return new provproto.CreateResponse()
          .setId(result.id)
          .setProperties(
            seal(inOrderOf(kind, inputs.bag, result.outs), secretKeys(kind, inputs.secretKeys, result.outs)),
          );
      }),
      update: this.#unary(async (req: provproto.UpdateRequest) => {
        const kind = this.#kind(req.getUrn());
        const olds = open(req.getOlds());
        const news = open(req.getNews());
        const keys = new Set([...olds.secretKeys, ...news.secretKeys]);
        if (req.getPreview()) {
          const outs = previewOutputs(kind, news.bag, olds.bag);
          return new provproto.UpdateResponse().setProperties(seal(outs, secretKeys(kind, keys, outs)));
        }
        const result = await this.#initFailing(kind, keys, async () => ({
          id: req.getId(),
          ...(await handlers[kind].update(
            this.ctx,
            req.getId(),
            inCanonicalOrder(kind, olds.bag),
            inCanonicalOrder(kind, news.bag),
          )),
        }));
        const outs = inOrderOf(kind, news.bag, result.outs);
        return new provproto.UpdateResponse().setProperties(seal(outs, secretKeys(kind, keys, outs)));
      }),
      delete: this.#unary(async (req: provproto.DeleteRequest) => {
        const kind = this.#kind(req.getUrn());
        const outputs = open(req.getProperties()).bag;
        const inputs = req.hasOldInputs() ? open(req.getOldInputs()).bag : {};
        await handlers[kind].delete(this.ctx, req.getId(), { ...inputs, ...outputs });
        return new emptyproto.Empty();
      }),
    };
  }

  /** The functions (lookups) a program invokes. */
  #functionMethods(): Partial<provrpc.IResourceProviderServer> {
    return {
      invoke: this.#unary(async (req: provproto.InvokeRequest) => {
        const fn = functionOf(req.getTok());
        if (!fn)
          throw new ProtocolError(
            grpc.status.INVALID_ARGUMENT,
            `strategy-alerts has no function ${req.getTok()}`,
          );
        const res = new provproto.InvokeResponse();
        try {
          return res.setReturn(seal(await fn(this.ctx, open(req.getArgs()).bag)));
        } catch (err) {
          if (!(err instanceof InvokeArgumentError)) throw err;
          res.addFailures(failure({ property: err.property, reason: err.message }));
          return res;
        }
      }),
    };
  }

  #kind(urn: string): ResourceKind {
    const kind = kindOfUrn(urn);
    if (!kind)
      throw new ProtocolError(grpc.status.INVALID_ARGUMENT, `strategy-alerts has no resource type in ${urn}`);
    return kind;
  }

  /** Runs an operation; an object made but not ready comes back as ErrorResourceInitFailed. */
  async #initFailing<T>(kind: ResourceKind, keys: Set<string>, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (!isInitFailure(err)) throw err;
      const detail = new provproto.ErrorResourceInitFailed()
        .setId(err.id)
        .setProperties(seal(err.properties, secretKeys(kind, keys, err.properties)))
        .setReasonsList(err.reasons.map((r) => this.#shown(r)));
      throw new InitFailedError(this.#shown(err.message), detail);
    }
  }

  /**
   * What the engine shows of an error: the key, if the service or a message ever echoed it,
   * never leaves the plugin, and untrusted text in it cannot act on the terminal or CI log.
   */
  #shown(text: string): string {
    return shortText(this.#redacted(text), SHOWN_ERROR);
  }

  /** The text without the key, should it hold it. */
  #redacted(text: string): string {
    try {
      return new Redactor([this.ctx.settings.credentials().apiKey]).text(text);
    } catch {
      return text; // No key configured: none to leak.
    }
  }

  #unary<Req, Res>(handle: (req: Req) => Promise<Res>): Unary<Req, Res> {
    return (call, callback) => {
      handle(call.request).then(
        (res) => callback(null, res),
        (err: unknown) => callback(this.#grpcError(err)),
      );
    };
  }

  #grpcError(err: unknown): Partial<grpc.StatusObject> {
    // Its lines are printable and bounded already (check-failed.ts, check-failures.ts); cut as one
    // text, they would become one escaped line.
    if (err instanceof CheckFailedError)
      return { code: grpc.status.INVALID_ARGUMENT, details: this.#redacted(err.message) };
    const message = this.#shown(err instanceof Error ? err.message : String(err));
    if (err instanceof InitFailedError) {
      const status = new statusproto.Status().setCode(grpc.status.UNKNOWN).setMessage(message);
      const details = new anyproto.Any();
      details.pack(err.detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
      status.addDetails(details);
      const metadata = new grpc.Metadata();
      metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
      return { code: grpc.status.UNKNOWN, details: message, metadata };
    }
    const code = err instanceof ProtocolError ? err.code : grpc.status.UNKNOWN;
    return { code, details: message };
  }

  get configured(): boolean {
    return this.#configured;
  }
}

class InitFailedError extends StrategyAlertsError {
  readonly detail: provproto.ErrorResourceInitFailed;

  constructor(message: string, detail: provproto.ErrorResourceInitFailed) {
    super(message);
    this.detail = detail;
  }
}

interface InitFailure {
  id: string;
  properties: PropertyBag;
  reasons: string[];
  message: string;
}

function isInitFailure(err: unknown): err is InitFailure {
  return err instanceof Error && typeof (err as Partial<InitFailure>).id === "string";
}

/** An error's message is cut where it has room for a cut service message and the hints around it. */
const SHOWN_ERROR = 4_000;

const DIFF_NONE = provproto.DiffResponse.DiffChanges.DIFF_NONE;
const DIFF_SOME = provproto.DiffResponse.DiffChanges.DIFF_SOME;

/**
 * The top-level keys of a bag sealed as secrets: those that came in as one, and an input whose
 * url carries a credential (the descriptor's `secretWithCredential`: the webhook's url), so the
 * engine stores it encrypted however the program declared it. A plain url stays plain.
 */
function sealedKeys(kind: ResourceKind, keys: Iterable<string>, bag: PropertyBag | undefined): Set<string> {
  const sealed = new Set(keys);
  for (const key of credentialInputs(kind, bag)) sealed.add(key);
  return sealed;
}

/** The keys of outputs sealed as secrets: those of the inputs, and the kind's secret outputs. */
function secretKeys(kind: ResourceKind, keys: Iterable<string>, bag: PropertyBag | undefined): Set<string> {
  return new Set([...sealedKeys(kind, keys, bag), ...secretOutputs(kind)]);
}

/** An invoke's failure (the SDK or YAML prints it in its own words): printable. */
function failure(f: { property: string; reason: string }): provproto.CheckFailure {
  return new provproto.CheckFailure().setProperty(printableText(f.property)).setReason(shortText(f.reason));
}

function propertyDiff(kind: keyof typeof provproto.PropertyDiff.Kind): provproto.PropertyDiff {
  return new provproto.PropertyDiff().setKind(provproto.PropertyDiff.Kind[kind]).setInputdiff(true);
}

/**
 * The runtime decides whether anything changed and what replaces; the detailed diff says where.
 * Should the two ever disagree on a change, the changed top-level fields are named instead.
 */
function diffResponse(
  kind: ResourceKind,
  result: { changes?: boolean; replaces?: string[]; deleteBeforeReplace?: boolean },
  oldInputs: PropertyBag,
  news: PropertyBag,
): provproto.DiffResponse {
  const res = new provproto.DiffResponse().setHasdetaileddiff(true);
  if (!result.changes) return res.setChanges(DIFF_NONE);
  let detailed: DetailedDiff = detailedDiff(kind, oldInputs, news);
  const replaces = result.replaces ?? [];
  if (Object.keys(detailed).length === 0) {
    detailed = {};
    const [before, after] = [inCanonicalOrder(kind, oldInputs), inCanonicalOrder(kind, news)];
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
        detailed[key] = replaces.includes(key) ? "UPDATE_REPLACE" : "UPDATE";
    }
  }
  res
    .setChanges(DIFF_SOME)
    .setReplacesList(replaces)
    .setStablesList(replaces.length > 0 ? [] : stableProperties(kind))
    .setDiffsList(changedProperties(detailed))
    .setDeletebeforereplace(result.deleteBeforeReplace === true);
  for (const [path, k] of Object.entries(detailed)) res.getDetaileddiffMap().set(path, propertyDiff(k));
  return res;
}
