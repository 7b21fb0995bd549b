import type { ConsoleView } from '~/contracts/console';
import type { AuthUser } from '~/contracts/login';
import type { Realtime } from '~/server/realtime/index';
import type { RegistrationService } from '~/server/registration/registration.service';
import type { VersionedEvent } from '~/server/shared/read-model-cache';
import type { TimelineModeration } from '~/server/timeline/timeline-moderation.service';
import type { TimelineRecord } from '~/server/timeline/timeline.service';
import type { AgendaControlsRepository } from './agenda-controls.repository';
import { createAgendaControls } from './agenda-controls.service';
import type { AuditRepository } from './audit.repository';
import { createAuditService } from './audit.service';
import type { LiveNowRepository } from './live-now.repository';
import { createLiveNow, type LiveNowEvent } from './live-now.service';
import { createModeration } from './moderation.service';
import { isOrganiserOf, requireOrganiser, type Organiser } from './organiser-access';
import type { PollControlsRepository } from './poll-controls.repository';
import type { PollEditorRepository } from './poll-editor.repository';
import { createPollEditor } from './poll-editor.service';
import type { PresentRepository } from './present.repository';
import { createPresent } from './present.service';
import { createPollControls } from './poll-controls.service';
import type { StageControlsRepository } from './stage-controls.repository';
import { createStageControls } from './stage-controls.service';
import type { SettingsEditingRepository } from './settings-editing.repository';
import { createSettingsEditing } from './settings-editing.service';
import type { SpeakerEditingRepository } from './speaker-editing.repository';
import { createSpeakerEditing } from './speaker-editing.service';
import type { ContentEditingRepository } from './content-editing.repository';
import { createContentEditing } from './content-editing.service';
import type { SponsorEditingRepository } from './sponsor-editing.repository';
import { createSponsorEditing } from './sponsor-editing.service';

export type { Organiser } from './organiser-access';

/** Posts the console's moderation lists first. */
export const CONSOLE_TIMELINE_COUNT = 30;

export type ConsolePage = { kind: 'login' } | { kind: 'forbidden' } | { kind: 'view'; organiser: Organiser; view: ConsoleView };

interface Dependencies {
  repositories: { audit: AuditRepository; polls: PollControlsRepository; pollEditor: PollEditorRepository; stage: StageControlsRepository; liveNow: LiveNowRepository; present: PresentRepository; agenda: AgendaControlsRepository; speakers: SpeakerEditingRepository; sponsors: SponsorEditingRepository; settings: SettingsEditingRepository; content: ContentEditingRepository };
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  /** A poll's counts moved (the tally publisher): they go out coalesced. */
  talliesChanged: (eventId: number, pollId: number) => void;
  promotion: Pick<TimelineModeration, 'promote' | 'pin' | 'promotedIdsByLink' | 'promotedLinks' | 'recent'>;
  /** Removes any timeline item as an organiser, published (the timeline service's `removeAny`). */
  removeItem: (eventId: number, id: number) => Promise<TimelineRecord>;
  onlineUserIds: (eventId: number) => Promise<number[]>;
  clock: () => Date;
  /** Where uploads are kept (a speaker's photo, a sponsor's logo). */
  dataDir: string;
  /** Free places go to the waiting list (the registration service's `moveUp`), after the capacity grew. */
  moveUp: RegistrationService['moveUp'];
}

/**
 * The organiser console's domain (docs/decisions.md "Organiser console"): every call starts with
 * `organiser(event, user)` (this event's organisers only), then one of the parts. Every change is
 * audited and publishes the realtime event that exists for it.
 */
export function createConsoleService({ repositories, realtime, talliesChanged, promotion, removeItem, onlineUserIds, clock, dataDir, moveUp }: Dependencies) {
  const audit = createAuditService({ repository: repositories.audit, clock });
  const stage = createStageControls({ repository: repositories.stage, realtime, audit, clock, dataDir });
  const polls = createPollControls({ repository: repositories.polls, talliesChanged, realtime, promotion, removeItem, audit, clock });
  const liveNow = createLiveNow({ repository: repositories.liveNow, onlineUserIds, clock });
  return {
    /** The caller as an organiser of this event: 401 without a session, 403 for anyone else. */
    organiser: (event: { eventId: number }, user: AuthUser | undefined) => requireOrganiser(event, user),
    audit,
    stage,
    polls,
    /** Preparing polls: create, edit, copy, delete (docs/console.md "Preparing polls"). */
    pollEditor: createPollEditor({ repository: repositories.pollEditor, realtime, audit, clock }),
    moderation: createModeration({ removeItem, promotion, audit }),
    liveNow,
    /** The programme: sessions with their speakers, room, categories, stream and seat limit. */
    agenda: createAgendaControls({ repository: repositories.agenda, realtime, audit, clock }),
    /** The event's speakers: list, add, edit, photo, delete, order (docs/console.md "Speakers"). */
    speakers: createSpeakerEditing({ repository: repositories.speakers, realtime, audit, clock, dataDir }),
    /** The event's sponsors: list, add, edit, logo, contacts, delete, order (docs/console.md "Sponsors"). */
    sponsors: createSponsorEditing({ repository: repositories.sponsors, realtime, audit, clock, dataDir }),
    /** The event's settings: features, captions, branding, lobby order, registration, passwords, dates, two-factor (docs/console.md "Settings"). */
    settings: createSettingsEditing({ repository: repositories.settings, realtime, audit, clock, moveUp, dataDir }),
    /** The event's information pages and documents (docs/console.md "Content"). */
    content: createContentEditing({ repository: repositories.content, realtime, audit, clock, dataDir }),
    /** The projector: a quiz's leaderboard or an open-text poll's answers. */
    present: createPresent({ repository: repositories.present }),
    /** The newest posts and promoted items of every platform, with their comments, for moderation (kept with the timeline's read model). */
    timeline: (organiser: Organiser, event: VersionedEvent, limit: number) => promotion.recent({ eventId: organiser.eventId, version: event.version }, limit),

    /** The organiser a console page (an area under /console) is for: this event's organisers only, else undefined (the page answers 403). */
    access: (event: { eventId: number }, user: AuthUser): Organiser | undefined => (isOrganiserOf(event, user) ? requireOrganiser(event, user) : undefined),

    /**
     * The /console page: the login for no session, "not allowed" (403) for anyone but this event's
     * organisers, else its first view.
     */
    async page(event: VersionedEvent & LiveNowEvent, user: AuthUser | undefined): Promise<ConsolePage> {
      if (!user) return { kind: 'login' };
      if (!isOrganiserOf(event, user)) return { kind: 'forbidden' };
      const organiser = requireOrganiser(event, user);
      const [live, list, timeline, activity, sessions] = await Promise.all([
        liveNow.snapshot(organiser, event), polls.list(organiser), promotion.recent(event, CONSOLE_TIMELINE_COUNT), audit.list(organiser),
        stage.sessionStreams(organiser),
      ]);
      return { kind: 'view', organiser, view: { liveNow: live, polls: list, timeline: timeline.items, activity, sessions } };
    },
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
