/**
 * Where the package lives and what its SDKs are called: the facts the schema, the import's Go and
 * Python writers and the SDK generator share. A module of constants alone, so the command's
 * writers read them without loading the schema's builder (and through it the lookups).
 */

/** The repository that publishes the plugin: its release assets are the plugin's downloads. */
export const REPOSITORY = "strategy-alerts/pulumi-strategy-alerts";
/** Where the engine downloads the plugin from (the repository's GitHub releases). */
export const PLUGIN_DOWNLOAD_URL = `github://api.github.com/${REPOSITORY}`;
/** The Go module of the generated Go SDK (sdk/go; its releases are tagged `sdk/go/v<version>`). */
export const GO_MODULE = `github.com/${REPOSITORY}/sdk/go`;
/** The Python distribution and import name of the generated Python SDK (sdk/python). */
export const PYTHON_PACKAGE = "pulumi_strategy_alerts";
