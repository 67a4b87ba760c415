/**
 * `%` wildcard matching in linear time. `%` stands for any run of characters (also empty);
 * every other character matches itself, case-sensitively (addresses are case-sensitive).
 *
 * A regular expression built from the pattern (`.*` per `%`) backtracks: with a handful of `%`
 * one request can hold the event loop for minutes. With only `%` as a wildcard, taking each
 * literal segment at its leftmost possible place is always right (a later place can only leave
 * less room for the rest), so one left-to-right pass decides the match.
 */
export function wildcardMatcher(pattern: string): (text: string) => boolean {
  if (!pattern.includes("%")) return (text) => text === pattern;
  const segments = pattern.split("%");
  const first = segments[0]!;
  const last = segments[segments.length - 1]!;
  const middle = segments.slice(1, -1).filter((s) => s !== "");
  return (text) => {
    if (text.length < first.length + last.length) return false;
    if (!text.startsWith(first) || !text.endsWith(last)) return false;
    let at = first.length;
    const end = text.length - last.length;
    for (const segment of middle) {
      const found = text.indexOf(segment, at);
      if (found === -1 || found + segment.length > end) return false;
      at = found + segment.length;
    }
    return true;
  };
}
