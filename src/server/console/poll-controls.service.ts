import type { ConsolePoll } from '~/contracts/console';
import { PLATFORMS, type Platform } from '~/contracts/event-settings';
import { QUESTION_TYPE } from '~/contracts/polls';
import type { Realtime } from '~/server/realtime/index';
import type { TimelineModeration } from '~/server/timeline/timeline-moderation.service';
import { DomainError } from '~/server/errors';
import type { AuditService } from './audit.service';
import { invalid } from './console-input';
import type { Organiser } from './organiser-access';
import type { ControlledPoll, PollControlsRepository } from './poll-controls.repository';

interface Dependencies {
  repository: PollControlsRepository;
  /** Tells the tally publisher a poll's counts moved (poll-tallies.ts): the counts go out coalesced. */
  talliesChanged: (eventId: number, pollId: number) => void;
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  promotion: Pick<TimelineModeration, 'pin' | 'promotedIdsByLink' | 'promotedLinks'>;
  /** Removes a promoted item as an organiser (the timeline service's `removeAny`). */
  removeItem: (eventId: number, id: number) => Promise<unknown>;
  audit: AuditService;
  clock: () => Date;
}

/** docs/product.md §3 promoted page kinds by question type: what a promoted item's link opens. */
const PAGE_KIND: Record<number, string> = {
  [QUESTION_TYPE.QUIZ]: 'quiz', [QUESTION_TYPE.TREASURE_HUNT]: 'treasure_hunt',
  [QUESTION_TYPE.CODED_POLL]: 'coded_polls', [QUESTION_TYPE.CODED_QUIZ]: 'coded_quizzes',
};

/** The promoted item's link that opens this poll on the stage (islands/timeline/promoted-link.ts reads it). */
export const stageLinkOf = (poll: Pick<ControlledPoll, 'id' | 'questionType'>): string => `/stage?page=${PAGE_KIND[poll.questionType] ?? 'poll'}&id=${poll.id}`;

const stateOf = (poll: ControlledPoll) => ({ isOpen: poll.isOpen, publicResults: poll.isPublicResults });

/**
 * The console's poll controls (issue "run the live show"): open, close, reset, results shown or
 * hidden, on the stage or off. Each change is audited, drops what shows the poll's state on every
 * node (data-change `polls`: the poll shapes and the kept answers that list live polls; the event's
 * version and its other read models stay), and publishes `poll-change` with the new state, then
 * the counts. On the stage or off is a timeline change (its own `timeline` scope).
 */
export function createPollControls({ repository, talliesChanged, realtime, promotion, removeItem, audit, clock }: Dependencies) {
  async function find(organiser: Organiser, pollId: number): Promise<ControlledPoll> {
    const poll = await repository.findPoll(organiser.eventId, pollId);
    if (!poll || poll.isTemplate) throw new DomainError('poll.not_found', 'No such poll', { field: 'pollId' });
    if (poll.parentId !== null) throw invalid('pollId', 'this is an item of a quiz: control the quiz');
    return poll;
  }

  async function announce(organiser: Organiser, poll: ControlledPoll): Promise<void> {
    // First, so that every node has dropped the old state when open screens refetch.
    await realtime.publishDataChange(organiser.eventId, 'polls');
    await realtime.publish(organiser.eventId, 'poll-change', { pollId: poll.id, parentId: null, ...stateOf(poll) });
    talliesChanged(organiser.eventId, poll.id);
  }

  async function setFlags(organiser: Organiser, pollId: number, action: string, flags: { isOpen?: boolean; isPublicResults?: boolean }): Promise<ControlledPoll> {
    const before = await find(organiser, pollId);
    await repository.setFlags(organiser.eventId, before.id, flags, clock().toISOString());
    const after = { ...before, ...flags };
    await audit.record(organiser, { action, target: `poll:${before.id}`, before: stateOf(before), after: stateOf(after) });
    await announce(organiser, after);
    return after;
  }

  return {
    /** The event's polls, quizzes and hunts with their state and answers so far. */
    async list(organiser: Organiser): Promise<ConsolePoll[]> {
      const [polls, promoted] = await Promise.all([repository.listTopLevel(organiser.eventId), promotion.promotedLinks(organiser.eventId)]);
      return polls.map((p) => ({
        id: p.id, title: p.title, questionType: p.questionType, accessKey: p.accessKey, isOpen: p.isOpen,
        publicResults: p.isPublicResults, isPromoted: promoted.has(stageLinkOf(p)), answers: p.answers,
      }));
    },

    open: (organiser: Organiser, pollId: number) => setFlags(organiser, pollId, 'poll.open', { isOpen: true }),
    close: (organiser: Organiser, pollId: number) => setFlags(organiser, pollId, 'poll.close', { isOpen: false }),

    /** Shows or hides the counts to attendees (hidden until revealed, so early votes do not sway the rest). */
    setResultsVisible(organiser: Organiser, pollId: number, isVisible: boolean): Promise<ControlledPoll> {
      return setFlags(organiser, pollId, 'poll.results', { isPublicResults: isVisible });
    },

    /** Deletes every answer (the console asks to confirm first); answers how many went. */
    async reset(organiser: Organiser, pollId: number): Promise<{ removed: number }> {
      const poll = await find(organiser, pollId);
      const before = await repository.answerCounts([poll.id]);
      const { removed } = await repository.reset(organiser.eventId, poll.id, clock().toISOString());
      await audit.record(organiser, { action: 'poll.reset', target: `poll:${poll.id}`, before: { answers: before.get(poll.id) ?? 0 }, after: { answers: 0 } });
      await announce(organiser, poll);
      for (const itemId of await repository.itemIds(poll.id)) talliesChanged(organiser.eventId, itemId);
      return { removed };
    },

    /** Puts the poll on the stage as a promoted item (once: again is a no-op); answers the item's id. */
    async promote(organiser: Organiser, pollId: number, platforms: Platform[] = [...PLATFORMS]): Promise<{ timelineId: number }> {
      const poll = await find(organiser, pollId);
      const link = stageLinkOf(poll);
      const existing = await promotion.promotedIdsByLink(organiser.eventId, link);
      if (existing.length > 0) return { timelineId: existing[0]! };
      const item = await promotion.pin(organiser.eventId, organiser.userId, {
        message: poll.title, linkMode: 'BUTTON_LINK_ONLY', link, linkText: poll.title, platforms,
      });
      await audit.record(organiser, { action: 'poll.promote', target: `poll:${poll.id}`, before: { isPromoted: false }, after: { isPromoted: true, timelineId: item.id } });
      return { timelineId: item.id };
    },

    /** Takes the poll off the stage (its promoted items go). */
    async unpromote(organiser: Organiser, pollId: number): Promise<{ removed: number }> {
      const poll = await find(organiser, pollId);
      const ids = await promotion.promotedIdsByLink(organiser.eventId, stageLinkOf(poll));
      for (const id of ids) await removeItem(organiser.eventId, id);
      if (ids.length > 0) {
        await audit.record(organiser, { action: 'poll.unpromote', target: `poll:${poll.id}`, before: { isPromoted: true, timelineIds: ids }, after: { isPromoted: false } });
      }
      return { removed: ids.length };
    },
  };
}

export type PollControls = ReturnType<typeof createPollControls>;
