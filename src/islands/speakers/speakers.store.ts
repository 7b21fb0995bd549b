import { atom } from 'nanostores';
import type { SpeakerPage, Speaker } from '~/contracts/speakers';
import { SPEAKER_PAGE_SIZE } from '~/contracts/speakers';
import { memberJson } from '~/islands/http/api.client';

/** docs/product.md §9: speaker search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface SpeakersState {
  speakers: Speaker[];
  total: number;
  page: number;
  search: string;
  categoryId: number | null;
  status: 'idle' | 'loading' | 'failed';
}

export const $speakers = atom<SpeakersState>({ speakers: [], total: 0, page: 1, search: '', categoryId: null, status: 'idle' });

let eventId = 0;
let initialised = false;
let debounce: ReturnType<typeof setTimeout> | undefined;
// Answers that arrive after a newer request started are dropped.
let sequence = 0;

export function initSpeakers(options: { eventId: number; initial: SpeakerPage | null }): void {
  // Module state on the server would be shared by every request: server renders use the props.
  if (initialised || typeof window === 'undefined') return;
  initialised = true;
  eventId = options.eventId;
  if (options.initial) {
    $speakers.set({ ...$speakers.get(), speakers: options.initial.speakers, total: options.initial.total, page: options.initial.page });
  } else {
    void load(1, false);
  }
}

/** What the server renders and hydration starts from: the page's first speakers, or loading when it has none (the island loads them). */
export function serverState(initial: SpeakerPage | null): SpeakersState {
  return { speakers: initial?.speakers ?? [], total: initial?.total ?? 0, page: initial?.page ?? 1, search: '', categoryId: null, status: initial ? 'idle' : 'loading' };
}

export const hasMore = (state: SpeakersState): boolean => state.speakers.length < state.total;

async function load(page: number, isAppend: boolean): Promise<void> {
  const mine = ++sequence;
  const state = $speakers.get();
  $speakers.set({ ...state, status: 'loading' });
  const query = new URLSearchParams({ page: String(page), size: String(SPEAKER_PAGE_SIZE) });
  if (state.search.trim()) query.set('search', state.search.trim());
  if (state.categoryId !== null) query.set('category', String(state.categoryId));
  try {
    const body = await memberJson<SpeakerPage>(eventId, `liveGetSpeakerInfo?${query}`);
    if (mine !== sequence) return;
    const current = $speakers.get();
    $speakers.set({
      ...current, status: 'idle', page: body.page, total: body.total,
      speakers: isAppend ? [...current.speakers, ...body.speakers.filter((s) => !current.speakers.some((c) => c.id === s.id))] : body.speakers,
    });
  } catch {
    if (mine === sequence) $speakers.set({ ...$speakers.get(), status: 'failed' });
  }
}

/** docs/product.md §4 (participant-search rule, used for speakers too): 500 ms delay, page back to 1, list refetched. */
export function searchSpeakers(search: string): void {
  $speakers.set({ ...$speakers.get(), search });
  clearTimeout(debounce);
  debounce = setTimeout(() => void load(1, false), SEARCH_DEBOUNCE_MS);
}

export function filterSpeakersByCategory(categoryId: number | null): void {
  clearTimeout(debounce);
  $speakers.set({ ...$speakers.get(), categoryId });
  void load(1, false);
}

/** Appends the next page (reaching the bottom of the list, or the load-more button). */
export function loadMoreSpeakers(): void {
  const state = $speakers.get();
  if (state.status === 'loading' || !hasMore(state)) return;
  void load(state.page + 1, true);
}
