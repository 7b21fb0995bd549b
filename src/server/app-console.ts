import type { Db } from '~/server/db/database';
import { createAgendaControlsRepository } from '~/server/console/agenda-controls.repository';
import { createAuditRepository } from '~/server/console/audit.repository';
import { createConsoleService } from '~/server/console/console.service';
import { createContentEditingRepository } from '~/server/console/content-editing.repository';
import { createLiveNowRepository } from '~/server/console/live-now.repository';
import { createPeopleEditingRepository } from '~/server/console/people-editing.repository';
import { createPeopleEditing } from '~/server/console/people-editing.service';
import { createPollControlsRepository } from '~/server/console/poll-controls.repository';
import { createPollEditorRepository } from '~/server/console/poll-editor.repository';
import { createPresentRepository } from '~/server/console/present.repository';
import { createSettingsEditingRepository } from '~/server/console/settings-editing.repository';
import { createSpeakerEditingRepository } from '~/server/console/speaker-editing.repository';
import { createSponsorEditingRepository } from '~/server/console/sponsor-editing.repository';
import { createStageControlsRepository } from '~/server/console/stage-controls.repository';
import { TICKET_ALPHABET } from '~/server/event-import/import-event.service';
import { newTicketKey, randomCode } from '~/server/shared/secrets';
import { createTimelinePromotionRepository } from '~/server/timeline/timeline-promotion.repository';
import { createTimelineModeration } from '~/server/timeline/timeline-moderation.service';

type ConsoleServiceDeps = Parameters<typeof createConsoleService>[0];
type ModerationDeps = Parameters<typeof createTimelineModeration>[0];

export interface ConsoleDeps extends Pick<ConsoleServiceDeps, 'realtime' | 'clock' | 'dataDir' | 'moveUp' | 'talliesChanged' | 'removeItem' | 'onlineUserIds'> {
  db: Db;
  /** The timeline's rows and lists, for promoting, pinning and removing posts. */
  timeline: Pick<ModerationDeps, 'repository' | 'list' | 'changed'>;
  /** What the people area uses of the other domains. */
  people: Omit<Parameters<typeof createPeopleEditing>[0], 'repository' | 'audit' | 'newTicketCode' | 'newTicketKey'>;
}

/**
 * The organiser console's part of the composition root (docs/console.md): its repositories, the
 * console service (its changes go through the timeline's and the tallies' own publishing) and the
 * people area, which audits through the console.
 */
export function createConsoleServices({ db, realtime, clock, timeline, people, ...console }: ConsoleDeps) {
  const organiserConsole = createConsoleService({
    repositories: {
      audit: createAuditRepository(db), polls: createPollControlsRepository(db), pollEditor: createPollEditorRepository(db), stage: createStageControlsRepository(db), liveNow: createLiveNowRepository(db),
      present: createPresentRepository(db), agenda: createAgendaControlsRepository(db), speakers: createSpeakerEditingRepository(db),
      sponsors: createSponsorEditingRepository(db), settings: createSettingsEditingRepository(db), content: createContentEditingRepository(db),
    },
    realtime, clock, ...console,
    promotion: createTimelineModeration({
      ...timeline, promotions: createTimelinePromotionRepository(db), clock,
      publish: (eventId, name, data) => realtime.publish(eventId, name, data),
    }),
  });
  /** The console's people area (docs/console.md "People"): the list, one attendee's changes, the CSV import. */
  const peopleEditing = createPeopleEditing({
    ...people, repository: createPeopleEditingRepository(db), audit: organiserConsole.audit,
    newTicketCode: () => randomCode(10, TICKET_ALPHABET), newTicketKey,
  });
  return { organiserConsole, people: peopleEditing };
}
