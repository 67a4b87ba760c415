let keyCounter = 0;
/** A fresh key per test, so the process-wide limiters of different tests never meet. */
export function uniqueKey(label = "key"): string {
  keyCounter++;
  return `sk_test_${label}_${process.pid}_${keyCounter}_${Math.random().toString(36).slice(2)}`;
}
