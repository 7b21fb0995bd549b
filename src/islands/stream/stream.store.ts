import { atom } from 'nanostores';
import type { EventInfo } from '~/contracts/event-info';
import type { SessionDocument, StreamSource } from '~/contracts/stage';
import { apiFetch, apiJson, eventApiUrl } from '~/islands/http/api.client';

/** GET getEventInfo: the event's stream URL and info-page category, read again on `event-change`. */
export const fetchEventInfo = (): Promise<EventInfo> => apiJson<EventInfo>('/api/liveEvent/getEventInfo');

/** Recordings sit behind signed CloudFront cookies; the endpoint may not exist on every deployment. */
export async function requestSignedCookies(): Promise<void> {
  await apiFetch('/api/liveEvent/generateSignedCookies', { credentials: 'include' }).catch(() => undefined);
}

export interface StreamState {
  main: StreamSource;
  current: StreamSource;
  /** What played before the current stream, for "go back" (docs/product.md §4). */
  previous: StreamSource | undefined;
}

const NOTHING: StreamSource = { url: null, title: '' };

export const $stream = atom<StreamState>({ main: NOTHING, current: NOTHING, previous: undefined });
/** Documents of the session whose stream plays; empty for the main stream. */
export const $sessionDocuments = atom<SessionDocument[]>([]);
/** The picture the stream area shows until a stream's first frame plays (lib/holding-picture.ts). */
export const $holdingPicture = atom<string | null>(null);
/** The holding picture covers the stage's stream for everyone: a break the console started. */
export const $onBreak = atom(false);
/** The main stage's name where the player shows the stage; undefined elsewhere (a sponsor's page). */
let mainCaption: string | undefined;

let eventId = 0;
let initialised = false;

export const isMain = (state: StreamState): boolean =>
  state.current.sessionId === undefined && state.current.url === state.main.url;

const sameSource = (a: StreamSource, b: StreamSource): boolean => a.url === b.url && a.sessionId === b.sessionId;

/** Keeps ?session= in the address bar in step with what plays, so reload and sharing keep it. */
function syncAddress(source: StreamSource): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (source.sessionId === undefined) url.searchParams.delete('session');
  else url.searchParams.set('session', String(source.sessionId));
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

/**
 * Loads a session's documents beside its stream (GET sessions/{id}/documents); on any failure
 * the list stays empty (docs/product.md §8: failed document loads are ignored).
 */
async function loadSessionDocuments(source: StreamSource): Promise<void> {
  $sessionDocuments.set([]);
  if (source.sessionId === undefined || typeof fetch === 'undefined') return;
  try {
    const body = await apiJson<unknown>(eventApiUrl(eventId, `sessions/${source.sessionId}/documents`));
    const list = Array.isArray(body) ? body : (body as { data?: unknown }).data;
    if (Array.isArray(list) && $stream.get().current.sessionId === source.sessionId) $sessionDocuments.set(list as SessionDocument[]);
  } catch {
    // Ignored on purpose: documents are an extra beside the stream.
  }
}

/** Seeds the store from the page's props; later calls (another island on the page) keep the state. */
export function initStream(options: { eventId: number; main: StreamSource; initial: StreamSource; holding: string | null; stage?: { caption: string; onBreak: boolean } | undefined }): void {
  if (initialised) return;
  initialised = true;
  eventId = options.eventId;
  mainCaption = options.stage?.caption;
  $onBreak.set(options.stage?.onBreak === true);
  $stream.set({ main: options.main, current: options.initial, previous: undefined });
  $holdingPicture.set(options.holding);
  void loadSessionDocuments(options.initial);
}

/** Plays another stream (a session, a promoted item); the current one becomes "previous". */
export function playStream(source: StreamSource): void {
  const state = $stream.get();
  if (sameSource(state.current, source)) return;
  $stream.set({ ...state, current: source, previous: state.current });
  syncAddress(source);
  void loadSessionDocuments(source);
}

/** Returns to the stream that played before. */
export function goBack(): void {
  const { previous } = $stream.get();
  if (previous) playStream(previous);
}

/** docs/product.md §2 "back to main stream": the event's streamUrl. */
export function backToMain(): void {
  playStream($stream.get().main);
}

/**
 * Applies fresh event info after `event-change` (docs/product.md §4): a new main stream URL replaces the
 * main stream, and the player reloads when the main stream is what plays. On the stage the main
 * stream is what the console put there: a session's stream under its title (`stageTitle`), or the
 * main stage's (docs/console.md "The stage's sources").
 */
export function applyMainStream(url: string | null, stageTitle: string | null): void {
  const state = $stream.get();
  const title = mainCaption === undefined ? state.main.title : (stageTitle ?? mainCaption);
  if (state.main.url === url && state.main.title === title) return;
  const main = { ...state.main, url, title };
  const playingMain = isMain(state);
  $stream.set({ ...state, main, current: playingMain ? main : state.current });
}

/** Applies fresh event info after `event-change`: the break starts or ends (the stage's players only). */
export function applyBreak(onBreak: boolean): void {
  if (mainCaption !== undefined && $onBreak.get() !== onBreak) $onBreak.set(onBreak);
}

/** Applies fresh event info after `event-change`: a player that has not played yet shows the new picture. */
export function applyHoldingPicture(url: string | null): void {
  if ($holdingPicture.get() !== url) $holdingPicture.set(url);
}

/** For tests: forget the seeded state. */
export function resetStream(): void {
  initialised = false;
  $stream.set({ main: NOTHING, current: NOTHING, previous: undefined });
  $sessionDocuments.set([]);
  $holdingPicture.set(null);
  $onBreak.set(false);
  mainCaption = undefined;
}
