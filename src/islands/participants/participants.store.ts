import { atom } from 'nanostores';
import { PARTICIPANT_PAGE_SIZE, type Group, type Participant } from '~/contracts/participants';
import { memberJson } from '~/islands/http/api.client';

/** The participant calls of docs/product.md §7 as the islands use them. */
export const participantsApi = {
  page: (eventId: number, query: URLSearchParams) => memberJson<Participant[]>(eventId, `users?${query}`),
  one: (eventId: number, userId: number) => memberJson<Participant>(eventId, `participant/${userId}`),
  online: (eventId: number) => memberJson<{ online: number[] }>(eventId, 'users/online'),
  myGroups: (eventId: number) => memberJson<Group[]>(eventId, 'user/groups'),
};

/** docs/product.md §4 participant search: 500 ms after the last keystroke, back to page 1. */
export const PARTICIPANT_SEARCH_DELAY_MS = 500;

export interface ParticipantsState {
  participants: Participant[];
  /** The last page loaded (1-based). */
  page: number;
  search: string;
  /** The last page came full, so another may follow. */
  hasMore: boolean;
  status: 'idle' | 'loading' | 'failed';
}

export const initialParticipants = (first: Participant[] | null): ParticipantsState => ({
  participants: first ?? [], page: 1, search: '', hasMore: (first?.length ?? 0) >= PARTICIPANT_PAGE_SIZE,
  // Without a first page the island loads it: say so rather than "no participants".
  status: first ? 'idle' : 'loading',
});

export const $participants = atom<ParticipantsState>(initialParticipants(null));

let eventId = 0;
let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let latest = 0;

/** Starts the store from the server-rendered first page (or loads it); later calls are ignored. */
export function startParticipants(options: { eventId: number; first: Participant[] | null }): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  eventId = options.eventId;
  $participants.set(initialParticipants(options.first));
  if (!options.first) void fetchPage(1);
}

async function fetchPage(page: number): Promise<void> {
  const request = ++latest;
  const before = $participants.get();
  $participants.set({ ...before, status: 'loading' });
  const query = new URLSearchParams({ page: String(page), size: String(PARTICIPANT_PAGE_SIZE) });
  const search = before.search.trim();
  if (search) query.set('search', search);
  try {
    const rows = await participantsApi.page(eventId, query);
    if (request !== latest) return;
    const now = $participants.get();
    const known = new Set(now.participants.map((p) => p.UserID));
    const participants = page === 1 ? rows : [...now.participants, ...rows.filter((p) => !known.has(p.UserID))];
    $participants.set({ ...now, participants, page, hasMore: rows.length >= PARTICIPANT_PAGE_SIZE, status: 'idle' });
  } catch {
    // docs/product.md §8: a failed user load empties the list and keeps the error.
    if (request === latest) $participants.set({ ...$participants.get(), participants: [], hasMore: false, status: 'failed' });
  }
}

export function searchParticipants(search: string): void {
  $participants.set({ ...$participants.get(), search });
  clearTimeout(timer);
  timer = setTimeout(() => void fetchPage(1), PARTICIPANT_SEARCH_DELAY_MS);
}

/** Reaching the bottom of the list appends the next page (docs/product.md §4). */
export function loadMoreParticipants(): void {
  const state = $participants.get();
  if (state.status !== 'loading' && state.hasMore) void fetchPage(state.page + 1);
}

/** The count label of docs/product.md §9: the number shown, with '+' while the last page came full. */
export const countLabel = (state: Pick<ParticipantsState, 'participants' | 'hasMore'>): string =>
  `${state.participants.length}${state.hasMore ? '+' : ''}`;
