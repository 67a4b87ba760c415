/**
 * The stack outputs a generated program exports, read from the kinds' descriptors
 * (`programOutputs`: the activation's `activeStrategyIds`), for each renderer to write in its language.
 */
import { kindOf } from "../../provider/model/kinds";
import type { AccountDeclarations, Declaration } from "./declarations";

export interface ProgramOutput {
  declaration: Declaration;
  /** The resource's output, exported under its own name. */
  output: string;
}

export function programOutputs(declarations: AccountDeclarations): ProgramOutput[] {
  return declarations.resources.flatMap((declaration) =>
    (kindOf(declaration.kind).programOutputs ?? []).map((output) => ({ declaration, output })),
  );
}
