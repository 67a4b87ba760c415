/**
 * The zod schema of a descriptor's scalar field (a string, an integer, a boolean), built from what
 * the descriptor says once: its type, its bounds, and whether it may be left out (not required)
 * or null (its default is null). The descriptor cannot read zod instead: a program's resources
 * read it, and must not load zod (provider/model/kinds/strategy.ts).
 */
import { z } from "zod";
import type { InputField } from "./kinds/kind-descriptor";

type Scalar = "string" | "integer" | "boolean";
type ScalarField = InputField & { readonly type: Scalar };

type Base<T extends Scalar> = T extends "string"
  ? z.ZodString
  : T extends "integer"
    ? z.ZodNumber
    : z.ZodBoolean;

/** The schema `fieldSchema` builds for `F`, typed so `z.infer` gives the field's value. */
export type FieldSchema<F extends ScalarField> = F extends { readonly required: true }
  ? Base<F["type"]>
  : F extends { readonly default: null }
    ? z.ZodOptional<z.ZodNullable<Base<F["type"]>>>
    : z.ZodOptional<Base<F["type"]>>;

function base(field: ScalarField): z.ZodString | z.ZodNumber | z.ZodBoolean {
  const { min, max } = field.bounds ?? {};
  if (field.type === "boolean") return z.boolean();
  if (field.type === "integer") {
    const integer = z.number().int();
    const atLeast = min === undefined ? integer : integer.min(min);
    return max === undefined ? atLeast : atLeast.max(max);
  }
  const text = min === undefined ? z.string() : z.string().min(min);
  return max === undefined ? text : text.max(max);
}

/** The field's schema: its type within its bounds, optional unless required, nullable when its default is null. */
export function fieldSchema<F extends ScalarField>(field: F): FieldSchema<F> {
  const schema = base(field);
  if (field.required === true) return schema as FieldSchema<F>;
  return (field.default === null ? schema.nullable() : schema).optional() as FieldSchema<F>;
}
