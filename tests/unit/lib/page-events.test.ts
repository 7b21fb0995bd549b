import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitPageEvent, onPageEvent } from '~/lib/page-events';

describe('page events', () => {
  beforeEach(() => vi.stubGlobal('window', new EventTarget()));
  afterEach(() => vi.unstubAllGlobals());

  it('hands a listener the detail of its event only, until it stops', () => {
    const opened: string[] = [];
    const stop = onPageEvent('show-tab', (id) => opened.push(id));
    emitPageEvent('show-tab', 'chat');
    emitPageEvent('tab-change', 'agenda');
    stop();
    emitPageEvent('show-tab', 'polls');
    expect(opened).toEqual(['chat']);
  });

  it('keeps the ep: names that listeners outside the helpers use', () => {
    const seen = vi.fn();
    window.addEventListener('ep:info-pages-changed', seen);
    emitPageEvent('info-pages-changed', null);
    expect(seen).toHaveBeenCalledOnce();
  });
});
