/**
 * The proof that a strategy is a review's temporary copy, which the sweep of leftovers asks for
 * before it deletes anything (docs/review.md, "Which strategies a sweep may delete").
 *
 * A name is chosen by whoever makes the strategy, so a name proves nothing: a user may call a
 * strategy `[review-tmp 0a0a0a 20260101T000000Z] My real strategy`, or copy a temporary's name.
 * What nobody chooses is the id the service assigns on create. So a review, once its copy is
 * made, writes into the copy's description a digest of that id and of the name the service
 * stored (one PATCH). A strategy carries a valid proof only when its description holds the
 * digest of its own id: a copied name or description carries another strategy's digest, a
 * renamed temporary (someone took it over) no longer matches its name, and a name alone never
 * carries one.
 *
 * The digest is not keyed. Producing it takes editing that very strategy's description on
 * purpose; whoever can do that can delete the strategy in the app anyway, so a key (the API key
 * is the one secret a review holds) would protect nothing more, while it would stop reviews run
 * with another key of the same account, or after a key rotation, from sweeping each other's
 * leftovers.
 */
import { createHash } from "node:crypto";

/** What the digest is of: nothing else in the package hashes this prefix. */
const DOMAIN = "strategy-alerts review temporary strategy v1";

/** `review-proof <32 hex>`, at the end of the temporary's description. */
const PROOF = /(?:^|\s)review-proof ([0-9a-f]{32})$/;

function digest(id: string, name: string): string {
  return createHash("sha256").update(`${DOMAIN}\0${id}\0${name}`).digest("hex").slice(0, 32);
}

/** The description a temporary strategy carries once the service has given it its id. */
export function provenDescription(description: string, id: string, name: string): string {
  return `${description} review-proof ${digest(id, name)}`;
}

/** Whether the strategy's description proves it is a review's temporary copy of this id and name. */
export function hasTemporaryProof(s: {
  id: string;
  name: string;
  description?: string | null | undefined;
}): boolean {
  const m = PROOF.exec(s.description ?? "");
  return m !== null && m[1] === digest(s.id, s.name);
}
