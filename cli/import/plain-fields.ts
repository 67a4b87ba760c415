/**
 * Account text that a program may not declare: the service stores any string, but a name,
 * description or alias that the plain-text rule refuses (`provider/model/plain-text.ts`: a
 * control, bidi or invisible character, a line separator, nothing visible) would fail the
 * generated program's first preview. Import declares its plain text instead (the refused
 * characters dropped, line breaks made spaces), or leaves the field out when nothing visible is
 * left, and says so twice: on standard error, with the object's id, and in a comment above the
 * resource. The first `pulumi up` then writes the plain text to the account.
 */
import { plainTextIssue, plainTextOf } from "../../provider/model/plain-text";
import { printableText } from "../../provider/model/printable-text";

/** A declared text field: its key, whether it holds line feeds and tabs, and what stands in. */
interface TextField {
  key: string;
  allowLineBreaks: boolean;
  /**
   * What is declared when nothing visible is left: a value, with what the first `up` then does,
   * or undefined to leave the field out of the program (the account keeps it).
   */
  standIn?: { value: string | null; effect: string };
}

export interface ReplacedFields {
  /** One sentence per field, for a comment above the resource; printable, on one line. */
  note: string | undefined;
  /** One line per field for standard error, naming the object and its id; printable. */
  warnings: string[];
}

/**
 * Replaces in `args` every field the plain-text rule refuses by its plain text (or its stand-in,
 * or nothing); `what` names the object (`strategy "Momentum" (id)`).
 */
export function plainFields(
  args: Record<string, unknown>,
  fields: readonly TextField[],
  what: string,
): ReplacedFields {
  const notes: string[] = [];
  const warnings: string[] = [];
  for (const field of fields) {
    const text = args[field.key];
    if (typeof text !== "string") continue;
    const rule = { path: field.key, allowLineBreaks: field.allowLineBreaks };
    const issue = plainTextIssue(text, rule);
    if (issue === undefined) continue;
    const declared = replace(args, field, plainTextOf(text, rule));
    notes.push(`In the account, ${issue.message}; ${declared}.`);
    warnings.push(`${what}: ${issue.message}; a program cannot declare it, so ${declared}`);
  }
  return {
    note: notes.length > 0 ? printableText(notes.join(" ")) : undefined,
    warnings: warnings.map(printableText),
  };
}

/** Sets the field to what the program declares; says what that is. */
function replace(args: Record<string, unknown>, field: TextField, plain: string | undefined): string {
  if (plain !== undefined) {
    args[field.key] = plain;
    return `the ${field.key} is declared with those characters left out (the first \`pulumi up\` writes that)`;
  }
  if (field.standIn === undefined) {
    delete args[field.key];
    return `the ${field.key} is left out of the program (the account keeps it as it is)`;
  }
  args[field.key] = field.standIn.value;
  return `the ${field.key} is declared as ${JSON.stringify(field.standIn.value)} (${field.standIn.effect})`;
}
