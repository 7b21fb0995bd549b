import type { StageSetting } from '~/contracts/console';
import type { Realtime } from '~/server/realtime/index';
import type { AuditService } from './audit.service';
import { invalid, mediaAddressOf } from './console-input';
import type { Organiser } from './organiser-access';
import type { StageControlsRepository } from './stage-controls.repository';

interface Dependencies {
  repository: StageControlsRepository;
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  audit: AuditService;
  clock: () => Date;
}

/**
 * The main stage from the console: its stream (an address or a session's stream) and the holding
 * picture shown until the first frame plays. Stored on the event, so `event-change` makes every
 * attendee's player follow without a reload (islands/stream/event-info.client.ts).
 */
export function createStageControls({ repository, realtime, audit, clock }: Dependencies) {
  async function current(eventId: number): Promise<StageSetting> {
    return (await repository.findStage(eventId)) ?? { streamUrl: null, holdingImageUrl: null };
  }

  async function change(organiser: Organiser, action: string, next: Partial<StageSetting>): Promise<StageSetting> {
    const before = await current(organiser.eventId);
    const version = await repository.setStage(organiser.eventId, next, clock().toISOString());
    const after = { ...before, ...next };
    await audit.record(organiser, { action, target: 'stage', before, after });
    // First, so that every node has dropped the old event when players refetch it.
    await realtime.publishDataChange(organiser.eventId);
    await realtime.publish(organiser.eventId, 'event-change', { version });
    return after;
  }

  return {
    current: (organiser: Organiser) => current(organiser.eventId),

    /** The sessions with a stream, in agenda order, to pick one for the main stage. */
    sessionStreams: (organiser: Organiser) => repository.listSessionStreams(organiser.eventId),

    /** `{ url }` (null: no stream; a media address, mediaAddressOf) or `{ sessionId }` (that session's stream); `eventHost` is the host the call came to. */
    async switchStream(organiser: Organiser, choice: { url?: string | null | undefined; sessionId?: number | undefined }, eventHost: string): Promise<StageSetting> {
      if (choice.sessionId !== undefined) {
        const session = await repository.findSessionStream(organiser.eventId, choice.sessionId);
        if (!session) throw invalid('sessionId', 'no such session in this event');
        if (!session.liveUrl) throw invalid('sessionId', 'this session has no stream');
        return change(organiser, 'stage.stream', { streamUrl: session.liveUrl });
      }
      return change(organiser, 'stage.stream', { streamUrl: mediaAddressOf(choice.url ?? null, 'url', eventHost) });
    },

    /** The picture before the first frame (a media address, mediaAddressOf); null falls back to the live background image. */
    setHoldingImage(organiser: Organiser, url: string | null, eventHost: string): Promise<StageSetting> {
      return change(organiser, 'stage.holding', { holdingImageUrl: mediaAddressOf(url, 'holdingImageUrl', eventHost) });
    },
  };
}

export type StageControls = ReturnType<typeof createStageControls>;
