/** The most tabs the stage's and web app's row shows; the rest are under "More" (docs/stage.md "Tabs"). */
export const MAX_TABS_IN_ROW = 5;

/**
 * The tabs the row shows, in their order: the first ones up to `max`, as many as `fits` accepts
 * (one at least), with the open tab always among them (it takes the last place when it would
 * otherwise be under "More"). `fits` is asked with a candidate row and with whether "More" would
 * show beside it.
 */
export function tabsInRow(ids: readonly string[], openId: string, fits: (row: readonly string[], hasMore: boolean) => boolean,
  max = MAX_TABS_IN_ROW): string[] {
  for (let count = Math.min(max, ids.length); count > 1; count -= 1) {
    const row = withOpen(ids, openId, count);
    if (fits(row, count < ids.length)) return row;
  }
  return withOpen(ids, openId, 1);
}

function withOpen(ids: readonly string[], openId: string, count: number): string[] {
  const row = ids.slice(0, count);
  if (row.includes(openId) || !ids.includes(openId)) return row;
  return [...row.slice(0, count - 1), openId];
}
