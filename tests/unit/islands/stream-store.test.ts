import { beforeEach, describe, expect, it } from 'vitest';
import {
  $stream, applyMainStreamUrl, backToMain, goBack, initStream, isMain, playStream, resetStream,
} from '~/islands/stream/stream.store';

const main = { url: '/media/mainstage/index.m3u8', title: 'Main stage' };
const workshop = { url: '/media/breakout/index.m3u8', title: 'Workshop', sessionId: 16 };
const expo = { url: '/demo/documents/venue-map.png', title: 'Expo', sessionId: 17 };

describe('stream store', () => {
  beforeEach(() => {
    resetStream();
    initStream({ eventId: 1, main, initial: main });
  });

  it('keeps the first seed when a second island initialises it', () => {
    initStream({ eventId: 1, main, initial: workshop });
    expect($stream.get().current).toEqual(main);
  });

  it('remembers the previous stream and goes back to it', () => {
    playStream(workshop);
    playStream(expo);
    expect($stream.get()).toMatchObject({ current: expo, previous: workshop });
    goBack();
    expect($stream.get()).toMatchObject({ current: workshop, previous: expo });
  });

  it('returns to the event stream with back to main', () => {
    playStream(workshop);
    expect(isMain($stream.get())).toBe(false);
    backToMain();
    expect(isMain($stream.get())).toBe(true);
    expect($stream.get().previous).toEqual(workshop);
  });

  it('reloads the main stream when its URL changes while it plays, and only updates it otherwise', () => {
    applyMainStreamUrl('/media/new/index.m3u8');
    expect($stream.get().current.url).toBe('/media/new/index.m3u8');
    playStream(workshop);
    applyMainStreamUrl('/media/newer/index.m3u8');
    expect($stream.get().current).toEqual(workshop);
    backToMain();
    expect($stream.get().current.url).toBe('/media/newer/index.m3u8');
  });
});
