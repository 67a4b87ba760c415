/**
 * The attributes file a local file backend keeps beside each object (`<checkpoint>.attrs`, JSON:
 * content type, MD5). Pulumi's file backend (gocloud's fileblob, Pulumi 3.274) writes the object
 * to a temporary file and renames it into place, so a kill never cuts the checkpoint itself; but
 * it rewrites the attributes file in place just before that rename. A `pulumi up` killed at that
 * moment leaves the attributes empty or cut short beside an intact checkpoint (the one before the
 * interrupted write), and every command, `pulumi cancel` included, then fails with
 * "failed to load checkpoint: EOF". A missing attributes file is read as defaults, so setting the
 * broken one aside makes the checkpoint load again as it is.
 */
import { readFile, rename } from "node:fs/promises";
import { keptName } from "./file-checkpoint";

export function attributesFile(checkpoint: string): string {
  return `${checkpoint}.attrs`;
}

/** True when the checkpoint's attributes file exists and does not parse as a JSON object. */
export async function hasUnreadableAttributes(checkpoint: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(attributesFile(checkpoint), "utf8");
  } catch {
    return false;
  }
  try {
    const value: unknown = JSON.parse(text);
    return typeof value !== "object" || value === null || Array.isArray(value);
  } catch {
    return true;
  }
}

/** Moves the unreadable attributes file aside in one rename (kept, never deleted); where it went. */
export async function setAsideAttributes(checkpoint: string, now = new Date()): Promise<string> {
  const keptAs = keptName(attributesFile(checkpoint), now);
  await rename(attributesFile(checkpoint), keptAs);
  return keptAs;
}
