/**
 * Lets a resource's constructor register it without V8 capturing stack frames, and returns what
 * puts the limit back (call it in a `finally`).
 *
 * While a resource registers, the SDK formats a stack trace for every promise it makes: four per
 * property, kept only for its report of leaked promises. A TypeScript program formats each through
 * source-map support, about a third of a millisecond apiece: 48 for a Strategy with three inputs
 * and its eight outputs, so the largest part of declaring it. Those frames are the SDK's own.
 * The resource's source position does not change: the SDK lifts the limit itself to find it.
 * Someone chasing leaked promises (`PULUMI_DEBUG_PROMISE_LEAKS`) keeps every frame.
 *
 * Each class calls it in its own constructor rather than through a shared base class: the SDK
 * takes the source position a fixed number of frames up, which a base class would move from the
 * program's line to the class's.
 */
export function registeringWithoutStacks(): () => void {
  if (process.env.PULUMI_DEBUG_PROMISE_LEAKS) return () => {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return () => {
    Error.stackTraceLimit = limit;
  };
}
