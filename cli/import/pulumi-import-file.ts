/**
 * The declarations of an account → the document `pulumi import --file` reads: one entry per
 * resource with the plugin's type token, the resource's name and the id the plugin's read takes.
 * Each entry may also name a `provider` (a key of the document's `nameTable`, whose value is the
 * provider's URN) and a `parent`; the account's resources use the default provider, so neither
 * is written.
 */

import { PLUGIN_TYPE_TOKENS } from "../../provider/model/type-tokens";
import type { AccountDeclarations } from "./declarations";

interface ImportFileEntry {
  type: string;
  name: string;
  id: string;
}

export interface ImportFile {
  resources: ImportFileEntry[];
}

export function pulumiImportFile(declarations: AccountDeclarations): ImportFile {
  return {
    resources: declarations.resources.map((d) => ({
      type: PLUGIN_TYPE_TOKENS[d.kind],
      name: d.name.resource,
      id: d.importId,
    })),
  };
}

/** JSON escapes controls; invisible characters cannot occur (names are slugs, ids the service's). */
export function renderImportFile(declarations: AccountDeclarations): string {
  return `${JSON.stringify(pulumiImportFile(declarations), null, 2)}\n`;
}
