/** Help text of `strategy-alerts emulator`, kept apart so `--help` loads nothing else. */
import { StrategyAlertsError } from "../../provider/model/errors";

const EMULATOR_USAGE =
  "usage: strategy-alerts emulator [--port <p>] [--host 127.0.0.1] [--data <file>] [--seed demo] [--stream] [--stream-interval <ms>] [--variant <name>[,<name>…] | --variant list]";

export const EMULATOR_HELP = `${EMULATOR_USAGE}

Serves a local, stateful emulator of the whole Strategy Alerting API at
http://<host>:<port>/api/external/v1 and prints that base URL as its last line.

options:
  --port <p>               port to listen on (default 0: any free port)
  --host <h>               address to bind (default 127.0.0.1; the control plane answers loopback only)
  --data <file>            keep state in this SQLite file across restarts (default: in memory)
  --seed demo              create the demo users and print their API keys
  --stream                 generate a background stream of token events
  --stream-interval <ms>   pause between streamed events (at least 10)
  --variant <names>        follow other readings of what the spec leaves open (comma-separated);
                           --variant list prints each name with what it changes
  -h, --help               show this help

Control plane for tests: /_emulator/users, /tokens, /events, /clock, /faults, /requests, /jobs/run, /reset.`;

/** Bad arguments; named like the command's own UsageError so `strategy-alerts` exits with 2. */
export class EmulatorUsageError extends StrategyAlertsError {
  override readonly name = "UsageError";
  constructor(message: string) {
    super(`${message}\n${EMULATOR_USAGE}`);
  }
}
