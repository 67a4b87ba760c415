import { describe, expect, it } from "vitest";
import {
  ACCOUNT_PIN_INPUT,
  ACCOUNT_PIN_KIND,
  ACCOUNT_PIN_OUTPUT,
  ACCOUNT_PIN_TOKEN,
} from "../../../provider/model/account-pin";
import { inputNames, outputNames, RESOURCE_KINDS, resourceKindOf } from "../../../provider/model/kinds";
import { tokensOf } from "../../../provider/model/kinds/kind-descriptor";

describe("the account pin's names", () => {
  it("is a dynamic resource of the kinds' family, but no kind of the schema", () => {
    expect(ACCOUNT_PIN_TOKEN).toBe(tokensOf(ACCOUNT_PIN_KIND).dynamicToken);
    expect(resourceKindOf(ACCOUNT_PIN_TOKEN)).toBeUndefined();
    expect(RESOURCE_KINDS).not.toContain(ACCOUNT_PIN_KIND);
  });

  it("names an input no kind has, and the output every kind already records", () => {
    for (const kind of RESOURCE_KINDS) {
      expect(inputNames(kind), kind).not.toContain(ACCOUNT_PIN_INPUT);
      expect(outputNames(kind), kind).not.toContain(ACCOUNT_PIN_INPUT);
      expect(outputNames(kind) as string[], kind).toContain(ACCOUNT_PIN_OUTPUT);
    }
  });
});
