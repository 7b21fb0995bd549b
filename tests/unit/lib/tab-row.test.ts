import { describe, expect, it } from 'vitest';
import { tabsInRow } from '~/lib/tab-row';

const ids = ['timeline', 'agenda', 'sponsors', 'speakers', 'info', 'documents', 'chat'];

describe('tabsInRow', () => {
  it('shows at most five tabs when all would fit', () => {
    expect(tabsInRow(ids, 'timeline', () => true)).toEqual(ids.slice(0, 5));
  });

  it('shows every tab when there are five or fewer and they fit', () => {
    expect(tabsInRow(ids.slice(0, 4), 'agenda', () => true)).toEqual(ids.slice(0, 4));
  });

  it('drops tabs from the end until the row fits, "More" counted in', () => {
    const widths = (row: readonly string[], hasMore: boolean) => row.length * 100 + (hasMore ? 60 : 0) <= 330;
    expect(tabsInRow(ids, 'timeline', widths)).toEqual(['timeline', 'agenda']);
  });

  it('keeps the open tab in the row, in the last place', () => {
    expect(tabsInRow(ids, 'chat', (row) => row.length <= 3)).toEqual(['timeline', 'agenda', 'chat']);
  });

  it('keeps one tab, the open one, when nothing fits', () => {
    expect(tabsInRow(ids, 'documents', () => false)).toEqual(['documents']);
  });
});
