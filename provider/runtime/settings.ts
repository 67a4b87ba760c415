import { ACCOUNT_ID_CONFIG, type Credentials, resolveCredentials } from "../credentials";

/** Reads one configuration key (`strategy-alerts:apiKey`), or undefined when it is not set. */
export type ConfigReader = (key: string) => string | undefined;

/**
 * One provider's configuration: the stack config the engine handed the dynamic provider, or the
 * configuration of one plugin provider instance. Held in memory only, never written anywhere.
 */
export class ProviderSettings {
  #read: ConfigReader = () => undefined;

  /** The dynamic provider's `configure` hands over the whole stack config. */
  setStackConfig(config: { get(key: string): string | undefined }): void {
    this.#read = (key) => config.get(key);
  }

  setReader(read: ConfigReader): void {
    this.#read = read;
  }

  /** The account the stack is pinned to (`strategy-alerts:accountId`), when the user set one. */
  pinnedAccount(): string | undefined {
    return this.#read(ACCOUNT_ID_CONFIG)?.trim() || undefined;
  }

  /** The provider's credentials: the environment, then the configuration handed over. */
  credentials(): Credentials {
    return resolveCredentials(this.#read);
  }
}
