import type { LiveNowSnapshot } from '~/contracts/console';
import type { LiveNowRepository } from './live-now.repository';
import type { Organiser } from './organiser-access';
import type { PollControlsRepository } from './poll-controls.repository';
import type { StageControls } from './stage-controls.service';

/** Answers per second are averaged over this window, so one tap does not read as a burst. */
export const ANSWER_RATE_WINDOW_MS = 10_000;

interface Dependencies {
  repository: LiveNowRepository;
  polls: Pick<PollControlsRepository, 'listTopLevel' | 'answerCounts' | 'answersSince'>;
  stage: Pick<StageControls, 'current'>;
  /** Who has an open realtime connection to the event, across nodes (presence). */
  onlineUserIds: (eventId: number) => Promise<number[]>;
  clock: () => Date;
}

/**
 * The console's Live now: attendees online (digital, or in person = scanned in at the door), the
 * open polls' answers so far and per second, unread support chats and the stage's stream. Read
 * per call; the console reads it again on the realtime events that move it.
 */
export function createLiveNow({ repository, polls, stage, onlineUserIds, clock }: Dependencies) {
  return {
    async snapshot(organiser: Organiser): Promise<LiveNowSnapshot> {
      const now = clock();
      const since = new Date(now.getTime() - ANSWER_RATE_WINDOW_MS).toISOString();
      const open = (await polls.listTopLevel(organiser.eventId)).filter((p) => p.isOpen);
      const ids = open.map((p) => p.id);
      const [online, totals, recent, unreadSupportChats, setting] = await Promise.all([
        onlineUserIds(organiser.eventId).then((userIds) => repository.attendeesByPlatform(organiser.eventId, userIds)),
        polls.answerCounts(ids), polls.answersSince(ids, since),
        repository.unreadSupportChats(organiser.eventId, organiser.userId), stage.current(organiser),
      ]);
      return {
        online,
        polls: open.map((p) => ({
          id: p.id, title: p.title, questionType: p.questionType, answers: totals.get(p.id) ?? 0,
          answersPerSecond: Math.round(((recent.get(p.id) ?? 0) / (ANSWER_RATE_WINDOW_MS / 1000)) * 10) / 10,
        })),
        unreadSupportChats, stage: setting, readAt: now.toISOString(),
      };
    },
  };
}

export type LiveNow = ReturnType<typeof createLiveNow>;
