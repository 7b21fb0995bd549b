import { atom, map } from 'nanostores';
import type { EditablePoll } from '~/contracts/console-polls';
import type {
  AnnouncementInput, AuditEntry, AuditPage, ConsolePoll, ConsoleTimelineItem, ConsoleView, LiveNowSnapshot, PromotionInput,
  StageSetting, StreamChoice,
} from '~/contracts/console';
import type { RealtimeEventName } from '~/contracts/realtime';
import { apiJson } from '~/islands/http/api.client';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { rereader } from '~/islands/realtime/reread';
import { failureOf } from './control-failure';

/**
 * The organiser console's one store (docs/console.md, "The page"): it holds what the panels show,
 * reads it again when the realtime events say it moved, and sends every change. The calls go with
 * the session cookie; the browser's Sec-Fetch-Site header is the writes' same-origin proof.
 */

/** Null until the browser seeded the store: the server render reads the page's props instead. */
export const $live = atom<LiveNowSnapshot | null>(null);
export const $polls = atom<ConsolePoll[] | null>(null);
export const $timeline = atom<ConsoleTimelineItem[] | null>(null);
export const $activity = atom<AuditEntry[] | null>(null);

/** Whether Live now holds this organiser's own read (their unread support chats): the page is the same for every organiser. */
export const $liveIsOwn = atom(false);

/** Why a call failed, shown next to its control: the status (0: no answer), the code, the field a 400 names. */
export interface ControlFailure {
  status: number;
  code: string;
  field?: string | undefined;
}

/** Controls whose change is in flight (their buttons are disabled), by key: `poll:12`, `stream`, `item:40`, `pin`. */
export const $pending = atom<ReadonlySet<string>>(new Set());
/** The last failure of each control by key (reads: `read:live`, …); cleared when it is used again. */
export const $failures = map<Record<string, ControlFailure | undefined>>({});

type Part = 'live' | 'polls' | 'timeline' | 'activity';
const ALL_PARTS: readonly Part[] = ['live', 'polls', 'timeline', 'activity'];

const API = '/api/console/';
/** A part is read at most once a second however many events arrive; the last event always gets its read. */
const THROTTLE_MS = 1000;
/** Answers per second fall with no event to say so: Live now is also read this often while the page is seen. */
const LIVE_EVERY_MS = 10_000;

const READS: Record<Part, () => Promise<void>> = {
  live: async () => {
    $live.set(await apiJson<LiveNowSnapshot>(`${API}live-now`));
    $liveIsOwn.set(true);
  },
  polls: async () => $polls.set(await apiJson<ConsolePoll[]>(`${API}polls`)),
  timeline: async () => $timeline.set(await apiJson<ConsoleTimelineItem[]>(`${API}timeline`)),
  activity: async () => $activity.set((await apiJson<AuditPage>(`${API}activity`)).entries),
};

/** What each realtime event moves. */
const FOLLOWS: [RealtimeEventName, Part[]][] = [
  ['online-users-change', ['live']], ['event-change', ['live']], ['chat-new-message', ['live']], ['chat-change', ['live']], ['chat-new-chat', ['live']],
  ['poll-change', ['live', 'polls']], ['quiz-change', ['live', 'polls']], ['promoted-message-add', ['polls', 'timeline']],
  ['promoted-message-remove', ['polls', 'timeline']], ['promoted-message-modified', ['timeline']], ['timeline-add', ['timeline']],
  ['timeline-remove', ['timeline']], ['timeline-modified', ['timeline']], ['timeline-add-comment', ['timeline']],
  ['timeline-remove-comment', ['timeline']], ['timeline-change', ['timeline']],
];


/** Each part's read, at most once per THROTTLE_MS; an ask meanwhile is kept for one more read. */
const rereads = Object.fromEntries(ALL_PARTS.map((part) => [part, rereader(() => READS[part]()
  .then(() => $failures.setKey(`read:${part}`, undefined), (error: unknown) => $failures.setKey(`read:${part}`, failureOf(error))), THROTTLE_MS)])) as Record<Part, () => void>;

/** Reads a part again (see `rereads`). */
export function refresh(part: Part): void {
  rereads[part]();
}

let started = false;

/** Seeds the store from the page's first view and follows the realtime events (once, in the browser). */
export function initConsole(view: ConsoleView): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  $live.set(view.liveNow);
  $polls.set(view.polls);
  $timeline.set(view.timeline);
  $activity.set(view.activity.entries);
  for (const [name, parts] of FOLLOWS) onRealtime(name, () => parts.forEach(refresh));
  onReconnect(() => ALL_PARTS.forEach(refresh));
  // The page may have been kept for a few seconds (docs/http-cache.md), and its unread count is nobody's.
  ALL_PARTS.forEach(refresh);
  setInterval(() => { if (document.visibilityState === 'visible') refresh('live'); }, LIVE_EVERY_MS);
}

function setPending(key: string, isPending: boolean): void {
  const next = new Set($pending.get());
  if (isPending) next.add(key);
  else next.delete(key);
  $pending.set(next);
}

/** Sends one change; on success reads again what it moved and the activity. Answers whether it was stored. */
async function change<T>(key: string, path: string, body: unknown, moves: Part[]): Promise<T | undefined> {
  setPending(key, true);
  $failures.setKey(key, undefined);
  try {
    const answer = await apiJson<T>(`${API}${path}`, { method: 'POST', body });
    for (const part of [...moves, 'activity'] as const) refresh(part);
    return answer;
  } catch (error) {
    const failure = failureOf(error);
    $failures.setKey(key, failure);
    // What it acted on changed meanwhile: show its present state.
    if ([404, 409, 422].includes(failure.status)) moves.forEach(refresh);
    return undefined;
  } finally {
    setPending(key, false);
  }
}

export type PollCommand = 'open' | 'close' | 'reset' | 'promote' | 'unpromote';

/** Opens, closes, resets, puts on the stage or takes off a poll. */
export const commandPoll = (pollId: number, command: PollCommand): Promise<unknown> =>
  change(`poll:${pollId}`, `polls/${pollId}/${command}`, {}, ['polls', 'live']);

/** Shows the poll's counts to attendees, or hides them until revealed. */
export const setResultsShown = (pollId: number, publicResults: boolean): Promise<unknown> =>
  change(`poll:${pollId}`, `polls/${pollId}/results`, { publicResults }, ['polls']);

async function changeStage(key: string, path: string, body: unknown): Promise<boolean> {
  const stage = await change<StageSetting>(key, path, body, ['live']);
  const live = $live.get();
  if (stage && live) $live.set({ ...live, stage });
  return stage !== undefined;
}

/** Puts a session's stream on the stage, returns to the main stream (`sessionId: null`) or gives the main stream a new address. */
export const switchStream = (choice: StreamChoice): Promise<boolean> => changeStage('stream', 'stage/stream', choice);

/** Sets the picture shown before the first frame (null: the live background image). */
export const setHoldingImage = (holdingImageUrl: string | null): Promise<boolean> =>
  changeStage('holding', 'stage/holding-image', { holdingImageUrl });

/** Covers every attendee's player with the holding picture (a break), or goes back to the stream. */
export const showHolding = (shown: boolean): Promise<boolean> => changeStage('break', 'stage/holding', { shown });

/** Uploads a holding picture (a multipart `image`, checked and re-encoded by the server) and sets it. */
export function uploadHoldingImage(file: File): Promise<boolean> {
  const form = new FormData();
  form.set('image', file);
  return changeStage('holding', 'stage/holding-image/upload', form);
}

/**
 * A poll made on the spot during the show (docs/console.md "Preparing polls"): created open, then
 * put on the stage when asked. Answers whether it was made.
 */
export async function quickPoll(draft: { title: string; alternatives: string[]; onStage: boolean }): Promise<boolean> {
  const poll = await change<EditablePoll>('quick-poll', 'polls', {
    title: draft.title, questionType: 0, alternatives: draft.alternatives.map((text) => ({ text })), open: true,
  }, ['polls', 'live']);
  if (!poll) return false;
  if (draft.onStage) await commandPoll(poll.id, 'promote');
  return true;
}

/** Removes any post, comment or promoted item. */
export const removeItem = (timelineId: number): Promise<unknown> =>
  change(`item:${timelineId}`, `timeline/${timelineId}/remove`, {}, ['timeline', 'polls']);

/** Promotes a post among the promoted items. */
export const promoteItem = (timelineId: number, promotion: PromotionInput): Promise<unknown> =>
  change(`item:${timelineId}`, `timeline/${timelineId}/promote`, promotion, ['timeline']);

/** Pins an announcement; answers whether it was stored. */
export const pinAnnouncement = async (announcement: AnnouncementInput): Promise<boolean> =>
  (await change('pin', 'timeline/pin', announcement, ['timeline'])) !== undefined;
