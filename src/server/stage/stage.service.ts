import type { TFunction } from 'i18next';
import type { EventInfo } from '~/contracts/event-info';
import type { StageMode, StageTab, StreamSource } from '~/contracts/stage';
import type { Platform } from '~/contracts/event-settings';
import { eventMatches } from '~/server/http/event-match';
import { createReadModels, type ReadModels } from '~/server/shared/read-model-cache';
import { chatTab, stageTabs } from './stage-tabs';
import type { StageCounts, StageRepository } from './stage.repository';

export interface StageView {
  tabs: StageTab[];
  chat: StageTab | undefined;
  /** What is on the stage: the main stream, or the session the console put there, under its title. */
  mainStream: StreamSource;
  /** The main stage's name: what the player calls the main stream once the console returns to it. */
  mainCaption: string;
  /** What the player starts with: the session's stream for ?session=ID, else the main stream. */
  initialStream: StreamSource;
}

export type StageResult = { kind: 'view'; view: StageView } | { kind: 'redirect'; location: string };

export interface StageRequest {
  event: EventInfo;
  mode: StageMode;
  t: TFunction;
  url: URL;
}

interface StageServiceDeps {
  repository: StageRepository;
  /** The node's read models: the content counts are kept per event version (only an import changes them). */
  readModels?: ReadModels;
}

/** Builds the stage and web app pages: tabs from flags and content, the stream to start with. */
export function createStageService({ repository, readModels = createReadModels() }: StageServiceDeps) {
  // Both platforms' counts per event version: every page view of the stage and the web app needed
  // them, and they change only with an import.
  const contentCounts = readModels.cache('stage-counts', async (event: EventInfo): Promise<Record<Platform, StageCounts>> => {
    const [digital, webApp] = await Promise.all([repository.counts(event.eventId, 'digital'), repository.counts(event.eventId, 'webApp')]);
    return { digital, webApp };
  });

  /** The sidebar's tabs and the chat tab of the mode (a panel loaded on its own checks it is one of them). */
  async function tabs({ event, mode, t }: Omit<StageRequest, 'url'>): Promise<Pick<StageView, 'tabs' | 'chat'>> {
    const counts = (await contentCounts.get(event))[mode === 'webapp' ? 'webApp' : 'digital'];
    return { tabs: stageTabs(event, mode, counts, t), chat: chatTab(event, mode, t) };
  }

  return {
    tabs,
    async view({ event, mode, t, url }: StageRequest): Promise<StageResult> {
      const eventIdParam = url.searchParams.get('eventId');
      const sessionParam = url.searchParams.get('session');
      const mainCaption = t('captions.mainstage');
      const mainStream: StreamSource = { url: event.streamUrl, title: event.stageTitle ?? mainCaption };
      let initialStream = mainStream;

      const clean = new URL(url);
      if (eventIdParam !== null && !eventMatches(event, eventIdParam)) clean.searchParams.delete('eventId');
      if (sessionParam !== null) {
        const id = /^\d{1,9}$/.test(sessionParam) ? Number(sessionParam) : undefined;
        const session = id === undefined ? undefined : await repository.findSessionStream(event.eventId, id);
        // docs/product.md §2: a session that is not found (or has nothing to play) sends the user to the main stage.
        if (session?.liveUrl) initialStream = { url: session.liveUrl, title: session.title, sessionId: session.id };
        else clean.searchParams.delete('session');
      }
      if (clean.search !== url.search) return { kind: 'redirect', location: `${clean.pathname}${clean.search}` };

      return { kind: 'view', view: { ...await tabs({ event, mode, t }), mainStream, mainCaption, initialStream } };
    },
  };
}

export type StageService = ReturnType<typeof createStageService>;
