/** Which declarations' variables a program uses: those another declaration's inputs refer to. */
import { type AccountDeclarations, Ref } from "./declarations";

function collect(value: unknown, into: Set<string>): void {
  if (value instanceof Ref) into.add(value.target.variable);
  else if (Array.isArray(value)) for (const v of value) collect(v, into);
  else if (typeof value === "object" && value !== null)
    for (const v of Object.values(value)) collect(v, into);
}

/**
 * The variables some input refers to: a Go program may declare no variable it does not use, so
 * it declares exactly these (`Declaration.referenced` may name a developer whose trigger config
 * the strategy does not declare).
 */
export function referencedVariables(declarations: AccountDeclarations): Set<string> {
  const used = new Set<string>();
  for (const d of declarations.resources) collect(d.args, used);
  return used;
}
