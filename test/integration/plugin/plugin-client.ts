import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { startPluginServer } from "../../../provider/plugin/serve";
import { secret } from "../../../provider/plugin/wire";

// biome-ignore lint/suspicious/noExplicitAny: property bags are untyped JSON.
export type Bag = Record<string, any>;

const struct = (bag: Bag) => structproto.Struct.fromJavaScript(bag);
const urnOf = (kind: string, name: string) =>
  `urn:pulumi:dev::plugin-test::strategy-alerts:index:${kind}::${name}`;

/**
 * A gRPC client of one in-process plugin server, speaking to it as the engine does. Every
 * response and every error message it sees is recorded, so a test can assert what never left.
 */
export class PluginClient {
  readonly seen: string[] = [];
  #client: provrpc.ResourceProviderClient;
  #close: () => void;

  private constructor(client: provrpc.ResourceProviderClient, close: () => void) {
    this.#client = client;
    this.#close = close;
  }

  static async start(): Promise<PluginClient> {
    const plugin = await startPluginServer();
    const client = new provrpc.ResourceProviderClient(
      `127.0.0.1:${plugin.port}`,
      grpc.credentials.createInsecure(),
    );
    return new PluginClient(client, () => {
      client.close();
      plugin.close();
    });
  }

  close(): void {
    this.#close();
  }

  // biome-ignore lint/suspicious/noExplicitAny: each stub method has its own request type.
  #call<Res extends { toObject(): unknown }>(method: string, req: any): Promise<Res> {
    return new Promise((resolve, reject) => {
      // biome-ignore lint/suspicious/noExplicitAny: see above.
      (this.#client as any)[method](req, (err: grpc.ServiceError | null, res: Res) => {
        if (err) {
          this.seen.push(err.message, err.details);
          reject(err);
        } else {
          this.seen.push(JSON.stringify(res.toObject()));
          resolve(res);
        }
      });
    });
  }

  configure(config: { apiKey?: string; baseUrl?: string }, variables: Record<string, string> = {}) {
    const args: Bag = {};
    if (config.apiKey !== undefined) args.apiKey = secret(config.apiKey);
    if (config.baseUrl !== undefined) args.baseUrl = config.baseUrl;
    const req = new provproto.ConfigureRequest()
      .setArgs(struct(args))
      .setAcceptsecrets(true)
      .setAcceptresources(true);
    for (const [k, v] of Object.entries(variables)) req.getVariablesMap().set(k, v);
    return this.#call<provproto.ConfigureResponse>("configure", req);
  }

  /** A configuration's check: its checked inputs, or the lines of the error it failed with. */
  checkConfig(news: Bag) {
    return this.#checked(
      "checkConfig",
      new provproto.CheckRequest()
        .setUrn("urn:pulumi:dev::plugin-test::pulumi:providers:strategy-alerts::p")
        .setNews(struct(news)),
    );
  }

  /** A resource's check: its checked inputs, or the lines of the error it failed with. */
  check(kind: string, news: Bag, olds: Bag = {}) {
    return this.#checked(
      "check",
      new provproto.CheckRequest().setUrn(urnOf(kind, "r")).setOlds(struct(olds)).setNews(struct(news)),
    );
  }

  /**
   * A failed check answers one INVALID_ARGUMENT error, one line per problem, and no
   * CheckFailure (whose every one the engine would wrap in its own words).
   */
  async #checked(method: string, req: provproto.CheckRequest): Promise<{ inputs: Bag; failures: string[] }> {
    try {
      const res = await this.#call<provproto.CheckResponse>(method, req);
      if (res.getFailuresList().length > 0) throw new Error(`${method} answered CheckFailures`);
      return { inputs: res.getInputs()?.toJavaScript() ?? {}, failures: [] };
    } catch (err) {
      const status = err as grpc.ServiceError;
      if (status.code !== grpc.status.INVALID_ARGUMENT) throw err;
      return { inputs: {}, failures: status.details.split("\n") };
    }
  }

  async diff(kind: string, id: string, olds: Bag, news: Bag, oldInputs: Bag = olds) {
    const res = await this.#call<provproto.DiffResponse>(
      "diff",
      new provproto.DiffRequest()
        .setUrn(urnOf(kind, "r"))
        .setId(id)
        .setOlds(struct(olds))
        .setOldInputs(struct(oldInputs))
        .setNews(struct(news)),
    );
    const kinds = Object.fromEntries(
      Object.entries(provproto.PropertyDiff.Kind).map(([name, value]) => [value, name]),
    ) as Record<number, string>;
    const detailed: Record<string, string> = {};
    res.getDetaileddiffMap().forEach((v, k) => {
      detailed[k] = kinds[v.getKind()] ?? String(v.getKind());
    });
    return {
      changes: res.getChanges() === provproto.DiffResponse.DiffChanges.DIFF_SOME,
      replaces: res.getReplacesList(),
      detailed,
      hasDetailedDiff: res.getHasdetaileddiff(),
    };
  }

  async create(kind: string, inputs: Bag) {
    const res = await this.#call<provproto.CreateResponse>(
      "create",
      new provproto.CreateRequest().setUrn(urnOf(kind, "r")).setProperties(struct(inputs)),
    );
    return { id: res.getId(), outs: res.getProperties()?.toJavaScript() ?? {} };
  }

  async read(kind: string, id: string, props: Bag = {}, inputs: Bag = {}) {
    const res = await this.#call<provproto.ReadResponse>(
      "read",
      new provproto.ReadRequest()
        .setUrn(urnOf(kind, "r"))
        .setId(id)
        .setProperties(struct(props))
        .setInputs(struct(inputs)),
    );
    return {
      id: res.getId(),
      props: res.getProperties()?.toJavaScript() ?? {},
      inputs: res.getInputs()?.toJavaScript() ?? {},
    };
  }

  async update(kind: string, id: string, olds: Bag, news: Bag) {
    const res = await this.#call<provproto.UpdateResponse>(
      "update",
      new provproto.UpdateRequest()
        .setUrn(urnOf(kind, "r"))
        .setId(id)
        .setOlds(struct(olds))
        .setNews(struct(news)),
    );
    return res.getProperties()?.toJavaScript() ?? {};
  }

  async delete(kind: string, id: string, props: Bag) {
    await this.#call(
      "delete",
      new provproto.DeleteRequest().setUrn(urnOf(kind, "r")).setId(id).setProperties(struct(props)),
    );
  }

  async invoke(fn: string, args: Bag = {}) {
    const res = await this.#call<provproto.InvokeResponse>(
      "invoke",
      new provproto.InvokeRequest().setTok(`strategy-alerts:index:${fn}`).setArgs(struct(args)),
    );
    return { result: res.getReturn()?.toJavaScript() ?? {}, failures: failuresOf(res) };
  }
}

function failuresOf(res: { getFailuresList(): provproto.CheckFailure[] }) {
  return res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() }));
}
