/**
 * Base of every error the package throws (client, model, runtime, plugin, CLI, emulator), so a
 * caller catches ours with one `instanceof`. `toJSON` lists the same safe fields `util.inspect`
 * shows; none of them ever holds the key.
 */
export class StrategyAlertsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }

  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [k, v] of Object.entries(this)) if (k !== "cause") out[k] = v;
    if (this.cause instanceof StrategyAlertsError) out.cause = this.cause.toJSON();
    else if (this.cause instanceof Error) out.cause = { name: this.cause.name, message: this.cause.message };
    return out;
  }
}
