import { beforeEach, describe, expect, it } from 'vitest';
import {
  $holdingPicture, $stream, applyHoldingPicture, applyMainStreamUrl, backToMain, goBack, initStream, isMain, playStream, resetStream,
} from '~/islands/stream/stream.store';
import { holdingPictureOf } from '~/lib/holding-picture';

const main = { url: '/media/mainstage/index.m3u8', title: 'Main stage' };
const workshop = { url: '/media/breakout/index.m3u8', title: 'Workshop', sessionId: 16 };
const expo = { url: '/demo/documents/venue-map.png', title: 'Expo', sessionId: 17 };

describe('stream store', () => {
  beforeEach(() => {
    resetStream();
    initStream({ eventId: 1, main, initial: main, holding: '/demo/stage-background.svg' });
  });

  it('keeps the first seed when a second island initialises it', () => {
    initStream({ eventId: 1, main, initial: workshop, holding: null });
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

  it('seeds the holding picture and takes the one a later event-change brings', () => {
    expect($holdingPicture.get()).toBe('/demo/stage-background.svg');
    applyHoldingPicture('/uploads/holding.webp');
    expect($holdingPicture.get()).toBe('/uploads/holding.webp');
  });
});

describe('holding picture', () => {
  it('is the organiser\'s picture, else the live background image, else none', () => {
    expect(holdingPictureOf({ holdingImageUrl: '/uploads/holding.webp', branding: { liveBackgroundImage: '/bg.svg' } })).toBe('/uploads/holding.webp');
    expect(holdingPictureOf({ holdingImageUrl: null, branding: { liveBackgroundImage: '/bg.svg' } })).toBe('/bg.svg');
    expect(holdingPictureOf({ holdingImageUrl: null, branding: { liveBackgroundImage: '  ' } })).toBeNull();
    expect(holdingPictureOf({ holdingImageUrl: null, branding: {} })).toBeNull();
  });
});
