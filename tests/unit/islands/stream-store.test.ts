import { beforeEach, describe, expect, it } from 'vitest';
import {
  $holdingPicture, $onBreak, $stream, applyBreak, applyHoldingPicture, applyMainStream, backToMain, goBack, initStream, isMain, playStream, resetStream,
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
    applyMainStream('/media/new/index.m3u8', null);
    expect($stream.get().current.url).toBe('/media/new/index.m3u8');
    playStream(workshop);
    applyMainStream('/media/newer/index.m3u8', null);
    expect($stream.get().current).toEqual(workshop);
    backToMain();
    expect($stream.get().current.url).toBe('/media/newer/index.m3u8');
  });

  it('on the stage, names the main stream after the session the console put there and the main stage again on the way back', () => {
    resetStream();
    initStream({ eventId: 1, main, initial: main, holding: null, stage: { caption: 'Main stage', onBreak: false } });
    applyMainStream(workshop.url, 'Workshop');
    expect($stream.get().current).toEqual({ url: workshop.url, title: 'Workshop' });
    applyMainStream(main.url, null);
    expect($stream.get().current).toEqual(main);
  });

  it('starts and ends the break on the stage only, not on a sponsor\'s player', () => {
    applyBreak(true);
    expect($onBreak.get()).toBe(false);
    resetStream();
    initStream({ eventId: 1, main, initial: main, holding: null, stage: { caption: 'Main stage', onBreak: true } });
    expect($onBreak.get()).toBe(true);
    applyBreak(false);
    expect($onBreak.get()).toBe(false);
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
