/**
 * Two Strategy fields a contributor might add (CONTRIBUTING.md, "Adding a Strategy field"): one
 * the service answers as sent, with bounds and a default, and one it never answers. The unit
 * walkthrough adds them to the descriptor in memory, the integration one to a copy's source.
 */
import type { InputField } from "../../provider/model/kinds";

/** A field the service answers as sent, with a default. */
export const ALERT_CAP = {
  description: "At most this many alerts a day (0: no cap).",
  type: "integer",
  bounds: { min: 0, max: 100 },
  default: 0,
  checked: true,
  echo: "always",
  review: { label: "Alert cap", words: "value" },
} as const satisfies InputField;

/** A field the service never answers. */
export const QUIET_HOURS = {
  description: "Hours without alerts.",
  type: "string",
  checked: true,
  echo: "never",
  review: { label: "Quiet hours", words: "text" },
} as const satisfies InputField;
