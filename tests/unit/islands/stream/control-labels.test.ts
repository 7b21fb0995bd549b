import { describe, expect, it } from 'vitest';
import { En } from 'media-chrome/dist/lang/en.js';
import en from '../../../../locales/en.json' with { type: 'json' };
import nb from '../../../../locales/nb.json' with { type: 'json' };
import { controlLabels } from '~/islands/stream/control-labels';
import { createT } from '~/lib/translate';

describe('player control labels', () => {
  it('maps only keys media-chrome has, so an update that renames one fails here', () => {
    const known = new Set(Object.keys(En));
    expect(Object.keys(controlLabels(createT(en))).filter((key) => !known.has(key))).toEqual([]);
  });

  it('gives the accessible names (lower-case keys) as well as the tooltips in Norwegian', () => {
    const labels = controlLabels(createT(nb));
    expect(labels['play']).toBe(nb.stream.play);
    expect(labels['Play']).toBe(nb.stream.play);
    expect(labels['enter fullscreen mode']).toBe(nb.stream.fullscreen);
    expect(labels['playback time']).toBe(nb.stream.playbackTime);
    expect(Object.values(labels).every((text) => !text.startsWith('stream.'))).toBe(true);
  });
});
