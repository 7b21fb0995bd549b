import { createSettingsEditingRepository } from '~/server/console/settings-editing.repository';
import { createContentEditingRepository } from '~/server/console/content-editing.repository';
import { createSpeakerEditingRepository } from '~/server/console/speaker-editing.repository';
import { createSponsorEditingRepository } from '~/server/console/sponsor-editing.repository';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Platform } from '~/contracts/event-settings';
import type { AuthUser } from '~/contracts/login';
import type { RealtimeEventName, RealtimeEvents } from '~/contracts/realtime';
import { migrateToLatest, openDatabase, type Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import { createAgendaControlsRepository } from '~/server/console/agenda-controls.repository';
import { createAuditRepository } from '~/server/console/audit.repository';
import { createConsoleService } from '~/server/console/console.service';
import { createLiveNowRepository } from '~/server/console/live-now.repository';
import { createPollEditorRepository } from '~/server/console/poll-editor.repository';
import { createPollControlsRepository } from '~/server/console/poll-controls.repository';
import { createPresentRepository } from '~/server/console/present.repository';
import { createStageControlsRepository } from '~/server/console/stage-controls.repository';
import { createTimelinePromotionRepository } from '~/server/timeline/timeline-promotion.repository';
import { createTimelineModerationRepository } from '~/server/timeline/timeline-moderation.repository';
import { createTimelineModeration } from '~/server/timeline/timeline-moderation.service';
import { createTimelineRepository } from '~/server/timeline/timeline.repository';
import { createTimelineService } from '~/server/timeline/timeline.service';
import type { Limiter } from '~/server/shared/limiter';
import type { DataChangeScope } from '~/server/realtime/index';
import { createReadModels } from '~/server/shared/read-model-cache';
import { dropDatabase, freshDatabaseUrl } from '../../../api/harness';

export const NOW = '2026-06-02T08:00:00.000Z';

const unlimited: Limiter = { retryAfter: () => Promise.resolve(0), fail: () => Promise.resolve(), reset: () => Promise.resolve() };

export interface Frame { eventId: number; name: string; data: unknown }

/** A console over a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL), with realtime frames collected. */
export async function consoleFixture() {
  const url = await freshDatabaseUrl();
  const db: Db = openDatabase({ databaseUrl: url, dataDir: mkdtempSync(join(tmpdir(), 'ep-unit-console-')) });
  await migrateToLatest(db);
  const k: Kysely<Database> = db.kysely;
  const frames: Frame[] = [];
  const dataChanges: { eventId: number; scope: string | undefined }[] = [];
  const tallies: number[] = [];
  const online = new Set<number>();
  let now = new Date(NOW);
  const clock = () => now;
  // As app.ts wires them: a data change drops what its scope reaches on this node at once.
  const readModels = createReadModels();
  const realtime = {
    publish: <N extends RealtimeEventName>(eventId: number, name: N, data: RealtimeEvents[N]) => { frames.push({ eventId, name, data }); return Promise.resolve(); },
    publishDataChange: (eventId: number, scope?: DataChangeScope) => {
      dataChanges.push({ eventId, scope });
      readModels.drop(eventId, scope ?? 'stored');
      return Promise.resolve();
    },
  };
  const timelineRepository = createTimelineRepository(db);
  const timeline = createTimelineService({
    repository: timelineRepository, moderated: createTimelineModerationRepository(db), images: { storeFor: (_e, _u, _f, insert) => insert([]), remove: () => Promise.resolve() },
    publish: (eventId, name, data) => realtime.publish(eventId, name, data), publishChange: (eventId) => realtime.publishDataChange(eventId, 'timeline'),
    writeLimiter: unlimited, likeLimiter: unlimited, clock, readModels,
  });
  const service = createConsoleService({
    repositories: {
      audit: createAuditRepository(db), polls: createPollControlsRepository(db), pollEditor: createPollEditorRepository(db), stage: createStageControlsRepository(db), liveNow: createLiveNowRepository(db),
      present: createPresentRepository(db), agenda: createAgendaControlsRepository(db), speakers: createSpeakerEditingRepository(db), sponsors: createSponsorEditingRepository(db),
      settings: createSettingsEditingRepository(db),
      content: createContentEditingRepository(db),
    },
    realtime, clock, dataDir: '/nonexistent', moveUp: () => Promise.resolve(0), talliesChanged: (_eventId, pollId) => tallies.push(pollId),
    promotion: createTimelineModeration({
      repository: timelineRepository, promotions: createTimelinePromotionRepository(db), list: (event, limit) => timeline.moderationList(event, limit), clock,
      publish: (eventId, name, data) => realtime.publish(eventId, name, data),
      changed: (eventId) => realtime.publishDataChange(eventId, 'timeline'),
    }),
    removeItem: (eventId, id) => timeline.removeAny(eventId, id),
    onlineUserIds: () => Promise.resolve([...online]),
  });

  async function newEvent(slug: string): Promise<number> {
    const row = await k.insertInto('events').values({
      slug, name: slug, language_id: '1', time_zone: 'Europe/Oslo', is_active: true, is_registration_open: false, start_date: NOW, end_date: NOW,
      is_two_factor: false, live_lobby: true, live_stage: true, live_web_app: false, captions: '{}', features: '{}', branding: '{}', updated_at: NOW,
      stream_url: '/media/mainstage/index.m3u8', reg_event_code: null, logo_url: null, favicon_url: null, login_caption: null, lobby_banner_text: null,
      gamification_url: null, about_online_event: null, live_faq_category: null, terms_text: null, results_password_hash: null, capacity: null,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function newUser(eventId: number, name: string, isOrganiser = false): Promise<AuthUser> {
    const row = await k.insertInto('users').values({
      event_id: eventId, email: `${name}@console.test`, first_name: name, last_name: 'Test', calculated_fields: '{}', is_hidden: false,
      is_organiser: isOrganiser, created_at: NOW, password_hash: null, title: null, about: null, about2: null, phone: null, company: null,
      job_title: null, address1: null, picture: null, linkedin: null, facebook: null, instagram: null, twitter: null,
    }).returning('id').executeTakeFirstOrThrow();
    return { userId: Number(row.id), eventId, email: `${name}@console.test`, firstName: name, lastName: 'Test', isOrganiser };
  }

  async function newPoll(eventId: number, key: string, options: { questionType?: number; isOpen?: boolean; parentId?: number } = {}) {
    const poll = await k.insertInto('polls').values({
      event_id: eventId, key, parent_id: options.parentId ?? null, sponsor_id: null, position: 0, title: key, question: 'Q?', description: null,
      question_type: options.questionType ?? 0, access_key: `${key}-${eventId}`, code: null, is_public_results: false, is_comments_enabled: false,
      is_open: options.isOpen !== false, is_template: false, created_at: NOW,
    }).returning('id').executeTakeFirstOrThrow();
    const alternative = await k.insertInto('poll_alternatives').values({ poll_id: poll.id, position: 0, text: 'yes', value: null, color: null, is_correct: false })
      .returning('id').executeTakeFirstOrThrow();
    return { id: Number(poll.id), alternativeId: Number(alternative.id) };
  }

  /** An answer with its tally, as the vote path stores them. */
  async function answer(poll: { id: number; alternativeId: number }, userId: number, at = NOW): Promise<void> {
    const row = await k.insertInto('poll_answers').values({ poll_id: poll.id, user_id: userId, template_id: null, free_text: null, score: null, comment: null, created_at: at })
      .returning('id').executeTakeFirstOrThrow();
    await k.insertInto('poll_answer_choices').values({ answer_id: row.id, alternative_id: poll.alternativeId }).execute();
    await k.insertInto('poll_alternative_count_stripes').values({ alternative_id: poll.alternativeId, poll_id: poll.id, stripe: userId, count: 1 }).execute();
    await k.insertInto('poll_tally_stripes').values({ poll_id: poll.id, stripe: userId, answer_count: 1, score_sum: 0 }).execute();
  }

  async function newPost(eventId: number, authorId: number, message: string, inReplyTo: number | null = null, options: { platforms?: Platform[]; at?: string } = {}): Promise<number> {
    return timelineRepository.insert({ eventId, authorId, inReplyTo, message, imageUrls: [], platforms: options.platforms ?? ['digital', 'webApp'], createdAt: options.at ?? NOW });
  }

  return {
    db, k, service, frames, dataChanges, tallies, online, timeline, newEvent, newUser, newPoll, answer, newPost,
    setNow: (at: string) => { now = new Date(at); },
    close: async () => { await db.close(); await dropDatabase(url); },
  };
}

export type ConsoleFixture = Awaited<ReturnType<typeof consoleFixture>>;

/** A fixture with one event, its organiser (as the console sees them) and an attendee. */
export async function consoleScenario(slug: string) {
  const fixture = await consoleFixture();
  const eventId = await fixture.newEvent(slug);
  const organiser = fixture.service.organiser({ eventId }, await fixture.newUser(eventId, 'org', true));
  const attendee = await fixture.newUser(eventId, 'ann');
  return { f: fixture, eventId, organiser, attendee };
}

/** What a call failed with: its code and the field it named, or 'ok'. */
export const failureOf = (run: () => unknown): Promise<string> => Promise.resolve().then(run)
  .then(() => 'ok', (e: { code?: string; details?: { field?: string } }) => `${e.code} ${e.details?.field ?? ''}`.trim());
