/** docs/product.md §9: the free-text view's font is between 20 and 900 px, in 10 px steps. */
export const MIN_FONT = 20;
export const MAX_FONT = 900;
export const FONT_STEP = 10;

/**
 * The largest font size of the steps 20, 30, … 900 at which `fits(size)` holds (20 when none
 * does). A binary search: `fits` is monotone (a smaller font never overflows where a larger fits).
 */
export function fitFontSize(fits: (size: number) => boolean): number {
  let low = 0;
  let high = (MAX_FONT - MIN_FONT) / FONT_STEP;
  let best = 0;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(MIN_FONT + middle * FONT_STEP)) {
      best = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return MIN_FONT + best * FONT_STEP;
}
