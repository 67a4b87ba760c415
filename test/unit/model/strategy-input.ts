/** The smallest valid strategy body, and the messages the validator gives for a body: the model suites vary from these. */
import { validateStrategyInput } from "../../../provider/model";

export const TAG = "0b6c1c2e-6a53-4a53-9a0e-9d2a4b1f2c3d";

export const base = {
  name: "Safe launches",
  triggers: ["new_token_created"],
  rules: [{ rule: "is_honeypot", dealbreaker: true }],
  isActive: false,
};

/** The validator's messages for an input, none when it is valid. */
export function messages(input: unknown, mode: "create" | "update" = "create"): string[] {
  const result = validateStrategyInput(input, mode);
  return result.ok ? [] : result.issues.map((i) => i.message);
}
