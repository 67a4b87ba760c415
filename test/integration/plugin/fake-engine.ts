import * as grpc from "@grpc/grpc-js";

const raw = (b: Buffer) => b;

/** grpc.health.v1.Health/Check with raw bytes: the tests need no message stubs. */
const HEALTH_SERVICE: grpc.ServiceDefinition = {
  check: {
    path: "/grpc.health.v1.Health/Check",
    requestStream: false,
    responseStream: false,
    requestSerialize: raw,
    requestDeserialize: raw,
    responseSerialize: raw,
    responseDeserialize: raw,
  },
};

// HealthCheckResponse { status: SERVING }: field 1, varint 1.
const SERVING = Buffer.from([0x08, 0x01]);

/**
 * What a plugin's first argument points at: a gRPC server on loopback. By default it answers
 * the health check as the engine does; `health: "never"` leaves every check unanswered (a
 * suspended engine), `health: "unimplemented"` serves no health service at all.
 */
export class FakeEngine {
  checks = 0;

  private constructor(
    readonly address: string,
    readonly server: grpc.Server,
  ) {}

  static async start(health: "serving" | "never" | "unimplemented" = "serving"): Promise<FakeEngine> {
    const server = new grpc.Server();
    let engine: FakeEngine | undefined;
    if (health !== "unimplemented") {
      server.addService(HEALTH_SERVICE, {
        check: (_call: unknown, callback: grpc.sendUnaryData<Buffer>) => {
          if (engine) engine.checks++;
          if (health === "serving") callback(null, SERVING);
        },
      });
    }
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
        err ? reject(err) : resolve(p),
      ),
    );
    engine = new FakeEngine(`127.0.0.1:${port}`, server);
    return engine;
  }

  /** Gone at once, as a killed engine is: its connections are closed and its port refuses. */
  stop(): void {
    this.server.forceShutdown();
  }
}
