import type { AuthUser } from '~/contracts/login';
import type { Realtime } from '~/server/realtime/index';
import type { TimelinePromotion } from '~/server/timeline/timeline-promotion.service';
import type { TimelineRecord } from '~/server/timeline/timeline.service';
import type { AuditRepository } from './audit.repository';
import { createAuditService } from './audit.service';
import type { LiveNowRepository } from './live-now.repository';
import { createLiveNow } from './live-now.service';
import { createModeration } from './moderation.service';
import { requireOrganiser } from './organiser-access';
import type { PollControlsRepository } from './poll-controls.repository';
import { createPollControls } from './poll-controls.service';
import type { StageControlsRepository } from './stage-controls.repository';
import { createStageControls } from './stage-controls.service';

export type { Organiser } from './organiser-access';

interface Dependencies {
  repositories: { audit: AuditRepository; polls: PollControlsRepository; stage: StageControlsRepository; liveNow: LiveNowRepository };
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  /** A poll's counts moved (the tally publisher): they go out coalesced. */
  talliesChanged: (eventId: number, pollId: number) => void;
  promotion: Pick<TimelinePromotion, 'promote' | 'pin' | 'promotedIdsByLink'>;
  /** Removes any timeline item as an organiser, published (the timeline service's `removeAny`). */
  removeItem: (eventId: number, id: number) => Promise<TimelineRecord>;
  onlineUserIds: (eventId: number) => Promise<number[]>;
  clock: () => Date;
}

/**
 * The organiser console's domain (PRODUCT-DECISIONS "Organiser console"): every call starts with
 * `organiser(event, user)` (this event's organisers only), then one of the parts. Every change is
 * audited and publishes the realtime event that exists for it.
 */
export function createConsoleService({ repositories, realtime, talliesChanged, promotion, removeItem, onlineUserIds, clock }: Dependencies) {
  const audit = createAuditService({ repository: repositories.audit, clock });
  const stage = createStageControls({ repository: repositories.stage, realtime, audit, clock });
  return {
    /** The caller as an organiser of this event: 401 without a session, 403 for anyone else. */
    organiser: (event: { eventId: number }, user: AuthUser | undefined) => requireOrganiser(event, user),
    audit,
    stage,
    polls: createPollControls({ repository: repositories.polls, talliesChanged, realtime, promotion, removeItem, audit, clock }),
    moderation: createModeration({ removeItem, promotion, audit }),
    liveNow: createLiveNow({ repository: repositories.liveNow, polls: repositories.polls, stage, onlineUserIds, clock }),
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
