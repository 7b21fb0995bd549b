import type { StageSetting } from '~/contracts/console';
import type { Realtime } from '~/server/realtime/index';
import { discardUploadsOnFailure, removeUpload } from '~/server/shared/asset-store';
import type { AuditService } from './audit.service';
import { storeConsoleImage } from './console-images';
import { invalid, mediaAddressOf } from './console-input';
import type { Organiser } from './organiser-access';
import type { StageControlsRepository } from './stage-controls.repository';

interface Dependencies {
  repository: StageControlsRepository;
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  audit: AuditService;
  clock: () => Date;
  /** Where uploads are stored (shared/asset-store). */
  dataDir: string;
}

/** An uploaded holding picture is kept at most this wide: the stage's player on a large screen. */
const HOLDING_SIDE = 1920;

/**
 * The main stage from the console: its stream (an address or a session's stream) and the holding
 * picture shown until the first frame plays. Stored on the event, so `event-change` makes every
 * attendee's player follow without a reload (islands/stream/event-info.client.ts).
 */
export function createStageControls({ repository, realtime, audit, clock, dataDir }: Dependencies) {
  async function current(eventId: number): Promise<StageSetting> {
    return (await repository.findStage(eventId)) ?? { streamUrl: null, sessionId: null, sessionTitle: null, holdingImageUrl: null, holdingShown: false };
  }

  async function change(organiser: Organiser, action: string, next: Partial<Omit<StageSetting, 'sessionTitle'>>): Promise<StageSetting> {
    const before = await current(organiser.eventId);
    const version = await repository.setStage(organiser.eventId, next, clock().toISOString());
    const after = await current(organiser.eventId);
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

    /**
     * `{ sessionId }` puts that session's stream on the stage, the main stream kept for the way
     * back; `{ sessionId: null }` returns to the main stream; `{ url }` gives the main stream a new
     * address (null: no stream; a media address, mediaAddressOf) and puts it on the stage.
     * `eventHost` is the host the call came to.
     */
    async switchStream(organiser: Organiser, choice: { url?: string | null | undefined; sessionId?: number | null | undefined }, eventHost: string): Promise<StageSetting> {
      if (choice.sessionId === null) return change(organiser, 'stage.stream', { sessionId: null });
      if (choice.sessionId !== undefined) {
        const session = await repository.findSessionStream(organiser.eventId, choice.sessionId);
        if (!session) throw invalid('sessionId', 'no such session in this event');
        if (!session.liveUrl) throw invalid('sessionId', 'this session has no stream');
        return change(organiser, 'stage.stream', { sessionId: session.id });
      }
      return change(organiser, 'stage.stream', { streamUrl: mediaAddressOf(choice.url ?? null, 'url', eventHost), sessionId: null });
    },

    /** Covers the player with the holding picture for everyone (a break), or takes it away. */
    showHolding(organiser: Organiser, shown: boolean): Promise<StageSetting> {
      return change(organiser, 'stage.break', { holdingShown: shown });
    },

    /** The picture before the first frame (a media address, mediaAddressOf); null falls back to the live background image. */
    setHoldingImage(organiser: Organiser, url: string | null, eventHost: string): Promise<StageSetting> {
      return change(organiser, 'stage.holding', { holdingImageUrl: mediaAddressOf(url, 'holdingImageUrl', eventHost) });
    },

    /**
     * Stores an uploaded holding picture under the upload rules (console-images: read by content,
     * encoded again without metadata) and sets it; the uploaded picture it replaces is removed.
     */
    async uploadHoldingImage(organiser: Organiser, bytes: Buffer): Promise<StageSetting> {
      const before = await current(organiser.eventId);
      const url = await storeConsoleImage(dataDir, organiser, bytes, HOLDING_SIDE);
      const after = await discardUploadsOnFailure(dataDir, organiser.eventId, [url], () => change(organiser, 'stage.holding', { holdingImageUrl: url }));
      await removeUpload(dataDir, organiser.eventId, before.holdingImageUrl);
      return after;
    },
  };
}

export type StageControls = ReturnType<typeof createStageControls>;
