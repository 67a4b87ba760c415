import type { ReportViolation, ResourceValidation, ResourceValidationArgs } from "@pulumi/policy";
import type { ResourceKind } from "../model/type-tokens";
import { resourceKindOf } from "../model/type-tokens";
import { type Props, plainProps } from "./stack-view";

/**
 * A resource validation that runs only for our resources of `kind` (recognised by type token)
 * and reads their checked inputs as a plain bag, without `__provider`.
 */
export function validateOurResource(
  kind: ResourceKind,
  validate: (props: Props, args: ResourceValidationArgs, reportViolation: ReportViolation) => void,
): ResourceValidation {
  return (args, reportViolation) => {
    if (resourceKindOf(args.type) !== kind) return;
    validate(plainProps(args.props), args, reportViolation);
  };
}
