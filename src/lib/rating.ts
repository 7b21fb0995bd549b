/**
 * A rating average as people read one: always a decimal ("2.0", never a bare "2" that looks like a
 * single vote's score), and at most the two decimals averages are kept to (docs/decisions.md).
 */
export function formatAverage(average: number): string {
  const rounded = Math.round(average * 100) / 100;
  return Number.isInteger(rounded * 10) ? rounded.toFixed(1) : rounded.toFixed(2);
}
