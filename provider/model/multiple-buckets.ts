/**
 * The six fixed multiple buckets of the service's performance summary (`<1x` … `10x+`): a
 * multiple falls in `[min, max)`, the last bucket is unbounded. The emulator counts its
 * summary's calls with them and the review counts a backtest's matched tokens with them, so a
 * chart of the review reads like the service's own summary.
 */
export interface MultipleBucket {
  label: string;
  min: number;
  max: number | null;
}

export const MULTIPLE_BUCKETS: readonly MultipleBucket[] = [
  { label: "<1x", min: 0, max: 1 },
  { label: "1-1.2x", min: 1, max: 1.2 },
  { label: "1.2-2x", min: 1.2, max: 2 },
  { label: "2-5x", min: 2, max: 5 },
  { label: "5-10x", min: 5, max: 10 },
  { label: "10x+", min: 10, max: null },
];

/** How many of `multiples` fall in each bucket, in bucket order (a negative one counts as `<1x`). */
export function countByBucket(multiples: readonly number[]): number[] {
  return MULTIPLE_BUCKETS.map(
    (b, i) => multiples.filter((m) => (i === 0 || m >= b.min) && (b.max === null || m < b.max)).length,
  );
}
