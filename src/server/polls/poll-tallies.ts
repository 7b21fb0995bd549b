import { isQuizKind, type PollCounts } from '~/contracts/polls';
import type { Realtime } from '~/server/realtime/index';
import type { PollRepository } from './poll.repository';
import { isCodedType } from './coded-access';
import { pollCounts } from './poll-view';
import { createCoalescer, type CoalescerTimers } from './tally-coalescer';

/** The frames a tally flush sends: `poll-change`, `quiz-change` and `quiz-change-{accessKey}`. */
export function isTallyFrame(name: string): boolean {
  return name === 'poll-change' || name.startsWith('quiz-change');
}

/**
 * Publishes tallies coalesced per poll (docs/polls.md): a vote marks its poll dirty; each flush
 * reads the running counts of every dirty poll in a fixed number of queries and publishes one
 * `poll-change` per plain poll, and per quiz or hunt one `quiz-change` plus
 * `quiz-change-{accessKey}` carrying its items' counts (a coded quiz's only to those who gave its
 * code and the organisers). Through the Realtime, so every node's
 * sockets get them; the counts are totals, so frames from two nodes never disagree for long.
 */
export function createTallyPublisher({ repository, codedAudience, realtime, intervalMs, onError, timers }: {
  repository: Pick<PollRepository, 'findPolls' | 'findAlternatives' | 'findTallies'>;
  /** Who may hear a coded quiz's items: those who gave its code and the organisers (poll-code-pass.repository.ts). */
  codedAudience: (pollId: number, eventId: number) => Promise<number[]>;
  realtime: Pick<Realtime, 'publish' | 'publishDynamic'>;
  intervalMs: number;
  onError: (error: unknown) => void;
  timers?: CoalescerTimers;
}) {
  async function flush(batch: Map<number, number>): Promise<void> {
    const dirty = await repository.findPolls([...batch.keys()]);
    const parentIds = [...new Set(dirty.map((p) => p.parentId).filter((id): id is number => id !== null && !batch.has(id)))];
    const polls = [...dirty, ...(await repository.findPolls(parentIds))];
    const byId = new Map(polls.map((p) => [p.id, p]));
    const [alternatives, tallies] = await Promise.all([
      repository.findAlternatives(dirty.map((p) => p.id)), repository.findTallies(polls.map((p) => p.id)),
    ]);
    const tallyOf = (id: number) => tallies.find((t) => t.pollId === id);
    const quizItems = new Map<number, PollCounts[]>();
    for (const poll of dirty) {
      if (isQuizKind(poll.questionType)) {
        if (!quizItems.has(poll.id)) quizItems.set(poll.id, []);
        continue;
      }
      const parent = poll.parentId === null ? undefined : byId.get(poll.parentId);
      // poll-change reaches every member, and a coded poll's results are for those who gave its
      // code: they get a frame without counts and read the poll again with their pass. (A quiz's
      // items go to quiz-change-{accessKey}, a name only the poll's view tells.)
      const isPublic = parent ? parent.isPublicResults : poll.isPublicResults && !isCodedType(poll.questionType);
      const counts = pollCounts(poll, alternatives, tallyOf(poll.id), isPublic);
      if (!parent) await realtime.publish(poll.eventId, 'poll-change', counts);
      else quizItems.set(parent.id, [...(quizItems.get(parent.id) ?? []), counts]);
    }
    for (const [quizId, items] of quizItems) {
      const quiz = byId.get(quizId)!;
      const participantsCount = tallyOf(quizId)?.answerCount ?? 0;
      await realtime.publish(quiz.eventId, 'quiz-change', { pollId: quizId, participantsCount });
      const frame = { quizId, participantsCount, items };
      if (!isCodedType(quiz.questionType)) await realtime.publishDynamic(quiz.eventId, `quiz-change-${quiz.accessKey}`, frame);
      // A coded quiz's key and counts are for whoever gave its code (and the organisers), never an anonymous socket.
      else await realtime.publishDynamic(quiz.eventId, `quiz-change-${quiz.accessKey}`, frame, await codedAudience(quizId, quiz.eventId));
    }
  }

  const coalescer = createCoalescer<number, number>({ intervalMs, flush, onError, ...(timers ? { timers } : {}) });
  return {
    /** A poll's tally moved. */
    changed(eventId: number, pollId: number): void {
      coalescer.mark(pollId, eventId);
    },
    /** A tally frame (from any node) went out to this node's sockets, taking `ms` here. */
    fannedOut(ms: number): void {
      coalescer.observe(ms);
    },
    /** Publishes what is pending now (before shutdown, and for tests). */
    flushNow: () => coalescer.flushNow(),
    stop: () => coalescer.stop(),
  };
}

export type TallyPublisher = ReturnType<typeof createTallyPublisher>;
