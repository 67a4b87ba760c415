import { describe, expect, it } from "vitest";
import { hasTemporaryProof, provenDescription } from "../../../provider/review/temporary-proof";

const name = "[review-tmp 1a2b3c 20300110T120000Z] Safety first";

describe("the proof a review writes into its temporary strategy", () => {
  it("is a digest of the server-assigned id and the stored name, at the end of the description", () => {
    const description = provenDescription("Temporary copy.", "id-1", name);
    expect(description).toMatch(/^Temporary copy\. review-proof [0-9a-f]{32}$/);
    expect(hasTemporaryProof({ id: "id-1", name, description })).toBe(true);
  });

  it("does not hold for another id, another name, or a description edited after it", () => {
    const description = provenDescription("Temporary copy.", "id-1", name);
    expect(hasTemporaryProof({ id: "id-2", name, description })).toBe(false);
    expect(hasTemporaryProof({ id: "id-1", name: `${name} `, description })).toBe(false);
    expect(hasTemporaryProof({ id: "id-1", name, description: `${description} edited` })).toBe(false);
    expect(hasTemporaryProof({ id: "id-1", name, description: null })).toBe(false);
    expect(hasTemporaryProof({ id: "id-1", name })).toBe(false);
  });

  it("differs per strategy, so a copied description proves nothing", () => {
    const a = provenDescription("x", "id-1", name);
    const b = provenDescription("x", "id-2", name);
    expect(a).not.toBe(b);
  });
});
