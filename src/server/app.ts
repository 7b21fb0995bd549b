import { resolve } from 'node:path';
import { config, type Config } from '~/server/config';
import { database, type Db } from '~/server/db/database';
import { realtime, type Realtime } from '~/server/realtime/index';
import { createAgendaRepository } from '~/server/agenda/agenda.repository';
import { createAgendaService } from '~/server/agenda/agenda.service';
import { createReadModels } from '~/server/shared/read-model-cache';
import { createPageCache } from '~/server/http/page-cache';
import { createBookingRepository } from '~/server/agenda/booking.repository';
import { createBookingService } from '~/server/agenda/booking.service';
import { createAdmissionRepository } from '~/server/admission/admission.repository';
import { createAdmissionService } from '~/server/admission/admission.service';
import { createCheckInRepository } from '~/server/admission/check-in.repository';
import { createCheckInService } from '~/server/admission/check-in.service';
import { createSharedListRepository } from '~/server/admission/shared-list.repository';
import { createSharedListService } from '~/server/admission/shared-list.service';
import { localLimiter as limiter, sharedLimits } from '~/server/app-limits';
import { createConsoleServices } from '~/server/app-console';
import { createActionLimits } from '~/server/shared/action-limits';
import { createSessionService } from '~/server/login/session.service';
import { createTokenRepository } from '~/server/login/token.repository';
import { createTokenService } from '~/server/login/token.service';
import { createChatRepository } from '~/server/chat/chat.repository';
import { createChatService } from '~/server/chat/chat.service';
import { createCategoryRepository } from '~/server/categories/category.repository';
import { createCategoryService } from '~/server/categories/category.service';
import { createContentRepository } from '~/server/content/content.repository';
import { createContentService } from '~/server/content/content.service';
import { createContentReaders } from '~/server/content/reader';
import { createDelivery } from '~/server/delivery/delivery.service';
import { createOutboxMailTransport, createSmtpTransport } from '~/server/delivery/mail-transport';
import { createOutbox } from '~/server/delivery/outbox';
import { createSmsProvider } from '~/server/delivery/sms-provider';
import { createEventFileExportRepository } from '~/server/event-import/event-file-export.repository';
import { createEventFileRepository } from '~/server/event-import/event-file.repository';
import { createExportEventService } from '~/server/event-import/export-event.service';
import { createImportEventService } from '~/server/event-import/import-event.service';
import { publishImportChanges } from '~/server/event-import/import-changes';
import { createEventRepository } from '~/server/events/event.repository';
import { createEventService } from '~/server/events/event.service';
import { createLoginRepository } from '~/server/login/login.repository';
import { createLoginServices, createResultsLogin } from './app-login';
import { createResultsLoginRepository } from '~/server/results-login/results-login.repository';
import { createSignupConfirmationRepository } from '~/server/login/signup-confirmation.repository';
import { createCodedAccess } from '~/server/polls/coded-access';
import { createPollCodePassRepository } from '~/server/polls/poll-code-pass.repository';
import { createLeadRepository } from '~/server/leads/lead.repository';
import { createLeadService } from '~/server/leads/lead.service';
import { createLobbyRepository } from '~/server/lobby/lobby.repository';
import { createLobbyService } from '~/server/lobby/lobby.service';
import { createAvatarService } from '~/server/profile/avatar.service';
import { createPollRepository } from '~/server/polls/poll.repository';
import { createPollService } from '~/server/polls/poll.service';
import { createTallyPublisher, isTallyFrame } from '~/server/polls/poll-tallies';
import { log } from '~/server/log';
import { ops } from '~/server/ops/instruments';
import { createHealthRepository } from '~/server/ops/health.repository';
import { createIdempotencyRepository } from '~/server/idempotency/idempotency.repository';
import { createIdempotencyService } from '~/server/idempotency/idempotency.service';
import { readiness } from '~/server/ops/readiness';
import { storageHealth } from '~/server/shared/storage-health';
import { isRedisUnavailable } from '~/server/shared/redis-options';
import { createParticipantRepository } from '~/server/participants/participant.repository';
import { createParticipantService } from '~/server/participants/participant.service';
import { createPresence, type Presence } from '~/server/presence/presence.service';
import { createMemoryPresenceStore } from '~/server/presence/memory-presence-store';
import { createRedisPresenceStore } from '~/server/presence/redis-presence-store';
import { presenceTtlMs } from '~/server/presence/presence-store';
import { createPollResultsRepository } from '~/server/poll-results/poll-results.repository';
import { createPollResultsService } from '~/server/poll-results/poll-results.service';
import { createPollResultsExport } from '~/server/poll-results/poll-results-export.service';
import { createProfileRepository } from '~/server/profile/profile.repository';
import { createProfileService } from '~/server/profile/profile.service';
import { personalDataSources } from '~/server/personal-data-sources';
import { createPersonalDataRepository } from '~/server/privacy/personal-data.repository';
import { createPrivacyService } from '~/server/privacy/privacy.service';
import { createRegistrationRepository } from '~/server/registration/registration.repository';
import { createRegistrationService } from '~/server/registration/registration.service';
import { createSpeakerRepository } from '~/server/speakers/speaker.repository';
import { createSpeakerService } from '~/server/speakers/speaker.service';
import { createSponsorRepository } from '~/server/sponsors/sponsor.repository';
import { createSponsorService } from '~/server/sponsors/sponsor.service';
import { createStageRepository } from '~/server/stage/stage.repository';
import { createStageService } from '~/server/stage/stage.service';
import { createSelfieRepository } from '~/server/selfie/selfie.repository';
import { createSelfieService } from '~/server/selfie/selfie.service';
import { createTimelineImages } from '~/server/timeline/timeline-images';
import { createTimelineRepository } from '~/server/timeline/timeline.repository';
import { createTimelineService } from '~/server/timeline/timeline.service';
import { createTicketRepository } from '~/server/tickets/ticket.repository';
import { createTicketService } from '~/server/tickets/ticket.service';
import { createPwaIconService } from '~/server/pwa/icon.service';
import { createImageSizes } from '~/server/shared/site-image';
import { createTimelineModerationRepository } from '~/server/timeline/timeline-moderation.repository';
import { createPlatformAdminRepository } from '~/server/platform-admin/platform-admin.repository';
import { createPlatformAdmin } from '~/server/platform-admin/platform-admin.service';
import { createUserRepository } from '~/server/users/user.repository';
import { createUserService } from '~/server/users/user.service';
import { createVoucherRepository } from '~/server/vouchers/voucher.repository';
import { createVoucherService } from '~/server/vouchers/voucher.service';

/** What every service is built from; tests pass their own. */
export interface AppDeps {
  db: Db;
  realtime: Realtime;
  config: Config;
  clock: () => Date;
}


/**
 * The composition root: every service of the server, built from its dependencies in one place,
 * so the whole graph reads top to bottom. Domains never build each other; they get what they
 * use here.
 */
export function createApp({ db, realtime, config, clock }: AppDeps) {
  // Who the participant list shows, or what it shows of them, changed (docs/presence.md "The
  // participant list in memory"): this node drops its directory before the write answers, every
  // other node when the broker's `people` change reaches it (the delay turning hidden already has
  // for the offline frame, which travels the same way).
  const participantsChanged = (eventId: number): Promise<void> => realtime.publishDataChange(eventId, 'people');
  // Visibility changes reach presence, built below once users exist (the call comes later).
  const visibilityChanged = async (eventId: number, userId: number, isHidden: boolean) => {
    await participantsChanged(eventId);
    await presence.visibilityChanged(eventId, userId, isHidden);
  };
  const users = createUserService({ repository: createUserRepository(db), visibilityChanged });
  const presence: Presence = createPresence({
    realtime,
    store: config.redisUrl
      ? createRedisPresenceStore({ url: config.redisUrl, prefix: config.redisPrefix, ttlMs: presenceTtlMs(config.presenceGraceMs, config.presenceRefreshMs) })
      : createMemoryPresenceStore(),
    graceMs: config.presenceGraceMs, refreshMs: config.presenceRefreshMs, coalesceMs: config.presenceCoalesceMs,
    visibleAmong: (eventId, ids) => users.visibleAmong(eventId, ids),
    // While Redis is away presence stays as it was and re-registers on its return: a warning, not an error.
    onError: (error) => (isRedisUnavailable(error) ? log.warn('presence not shared: redis unavailable', { error: String(error) }) : log.error('presence failed', { error: error instanceof Error ? error.stack : String(error) })),
  });
  const tokens = createTokenService({
    repository: createTokenRepository(db), clock,
    // A revoked session's sockets close on every node.
    onSessionEnd: ({ eventId, userId, sessionId }) => realtime.endSessions(eventId, userId, sessionId),
  });
  // Every cache of the node that holds an event's data (docs/http-cache.md "Every cache") is a
  // read model (read-model-cache.ts: the event, agenda, speakers, stage counts, participants,
  // timeline, poll shapes) or the response cache, and is dropped one way: a write announces what
  // it changed (realtime.publishDataChange), and every node, the writer's at once, drops what
  // that scope reaches.
  const readModels = createReadModels({ onBuild: (model) => ops().readModelBuilt(model) });
  // The response cache keeps whole answers, seats left included, so a booking's `live` change drops them too.
  const pageCache = createPageCache({ maxAgeMs: config.pageCacheMs, maxBytes: config.pageCacheBytes });
  realtime.onDataChange((eventId, scope) => {
    readModels.drop(eventId, scope);
    pageCache.drop(eventId, scope);
  });
  // Back from a broker gap: changes announced meanwhile never arrived, so nothing kept is trusted.
  realtime.onResync(() => {
    readModels.dropAll();
    pageCache.dropAll();
  });
  const events = createEventService({ repository: createEventRepository(db), featuresAllOn: config.featuresAllOn, readModels });
  const participants = createParticipantService({ repository: createParticipantRepository(db), presence, users, readModels });
  /** What the timeline shows changed (a post, a like, an author's name): every node drops its timeline model. */
  const timelineChanged = (eventId: number) => realtime.publishDataChange(eventId, 'timeline');
  /** A person's name, picture or presence changed or went: the participant list, the timeline and kept pages (a sponsor's contacts) drop them on every node. */
  const personChanged = async (eventId: number): Promise<void> => {
    await participantsChanged(eventId);
    await timelineChanged(eventId);
    await realtime.publishDataChange(eventId, 'live');
  };

  const outbox = createOutbox(config.dataDir);
  const delivery = createDelivery({
    mail: config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createOutboxMailTransport(outbox, config.mailFrom),
    sms: createSmsProvider(config.smsProvider, outbox),
  });

  // Every limit but the hot per-attendee ones (docs/security.md "Limits"): in Redis when REDIS_URL is set, so all nodes share them.
  const limits = sharedLimits(config);
  const { store: limitStore, window: shared, backoff } = limits;
  const { login, links, twoFactor, recovery } = createLoginServices({
    repository: createLoginRepository(db), signups: createSignupConfirmationRepository(db), users, tokens, delivery, limits, clock,
  });

  const content = createContentService({ repository: createContentRepository(db), sendMail: (message) => delivery.send(message) });
  const pollRepository = createPollRepository(db);
  const sponsors = createSponsorService({
    repository: createSponsorRepository(db), content, answeredPolls: (userId, ids) => pollRepository.answeredAmong(userId, ids),
  });
  // What others see of a person (name, job, company, picture) changed: the participant list shows
  // it, the timeline shows it on their posts, and a sponsor page, kept for every member (docs/http-cache.md), on its contacts'
  // cards, so a contact's edit also drops the event's kept pages on every node ('live': the read models stay).
  const profileChanged = async (eventId: number, userId: number): Promise<void> => {
    await participantsChanged(eventId);
    await timelineChanged(eventId);
    if ((await sponsors.sponsorIdsOfContact(eventId, userId)).length > 0) await realtime.publishDataChange(eventId, 'live');
  };
  const profiles = createProfileRepository(db);
  const profile = createProfileService({ users, profiles, clock, visibilityChanged, profileChanged });
  const registration = createRegistrationService({
    repository: createRegistrationRepository(db), profile, links, sendMail: (message) => delivery.send(message),
    addressLimiter: shared('register-addr', config.registrationLimitPerAddress, 15), emailLimiter: shared('register-mail', 5, 60), clock, participantsChanged,
  });

  const codePasses = createPollCodePassRepository(db);
  const pollTallies = createTallyPublisher({
    repository: pollRepository, codedAudience: (pollId, eventId) => codePasses.audience(pollId, eventId), realtime, intervalMs: config.pollTallyIntervalMs,
    onError: (error) => log.error('poll tally publish failed', { error: error instanceof Error ? error.stack : String(error) }),
  });
  // Every node publishes the tallies of the votes it took; each one's frames reach every node's
  // sockets, so each node spaces its flushes by the frames it sees going out, from anyone.
  realtime.onFanOut((_eventId, name, ms) => {
    if (isTallyFrame(name)) pollTallies.fannedOut(ms);
  });
  // The site's own pictures (the demo's favicon and banner) are read from the build, or public/ in dev.
  const siteImageDirs = { dataDir: config.dataDir, staticDirs: [resolve('dist/client'), resolve('public')] };

  /** Answers: 120 submits per attendee per minute (a hunt is one per item; people answer by hand). */
  const pollService = createPollService({
    repository: pollRepository, readModels, tallies: pollTallies, limiter: limiter(120, 1), clock, onStored: () => ops().voteStored(),
    requireSponsorPolls: (event, platform) => sponsors.requireSponsors(event, platform, 'sponsorPolls'),
    // Wrong codes of coded polls: 5 free per attendee then 1 s, 2 s, 4 s … up to a minute; per
    // address (a venue) 100 free, then the same. Forgotten after 15 minutes.
    coded: createCodedAccess({
      passes: codePasses, clock,
      limits: { user: backoff('poll-code-user', 5, 60, 15), address: backoff('poll-code-addr', 100, 60, 15) },
    }),
  });

  const pollResultsRepository = createPollResultsRepository(db);
  const admissionRepository = createAdmissionRepository(db);
  const pollResults = createPollResultsService({ repository: pollResultsRepository, polls: pollService, realtime, clock });
  const timelineRepository = createTimelineRepository(db);
  const timeline = createTimelineService({
    repository: timelineRepository, moderated: createTimelineModerationRepository(db), images: createTimelineImages(config.dataDir), readModels,
    publish: (eventId, name, data, userIds) => (userIds ? realtime.publishToUsers(eventId, name, data, userIds) : realtime.publish(eventId, name, data)),
    publishChange: timelineChanged,
    writeLimiter: limiter(20, 1), likeLimiter: limiter(120, 1), clock,
  });

  const health = createHealthRepository(db);
  const eventImport = createImportEventService({
    repository: createEventFileRepository(db),
    publishChange: async (eventId, version) =>
      publishImportChanges(realtime, (await events.findByIdentity(String(eventId)))?.features ?? {}, eventId, version),
    clock,
  });
  const eventExport = createExportEventService({ repository: createEventFileExportRepository(db) });

  /** Download and erasure of a person's data across every domain (docs/privacy.md). */
  const privacy = createPrivacyService({
    repository: createPersonalDataRepository(db, personalDataSources(config.dataDir)), users, registration,
    endSockets: (eventId, userId) => realtime.endSessions(eventId, userId), downloadLimiter: shared('my-data', 10, 60), clock,
    accountErased: async (eventId) => {
      await personChanged(eventId);
      // Open timelines refetch, so the erased words and pictures leave the screens too.
      await realtime.publish(eventId, 'timeline-change', {});
    },
  });
  /** Door check-in: 120 scans per admission session per minute; each scan-in tells open admission lists. */
  const checkIn = createCheckInService({
    repository: createCheckInRepository(db), limiter: shared('check-in', 120, 1),
    // The console's people list keeps who is checked in (`admission`); open admission lists refetch.
    publishChange: async (eventId) => {
      await realtime.publishDataChange(eventId, 'admission');
      await realtime.publish(eventId, 'admission-change', {});
    },
    clock,
  });
  const { organiserConsole, people } = createConsoleServices({
    db, realtime, clock, dataDir: config.dataDir,
    moveUp: (event, origin) => registration.moveUp(event, origin),
    talliesChanged: (eventId, pollId) => pollTallies.changed(eventId, pollId),
    removeItem: (eventId, id) => timeline.removeAny(eventId, id),
    onlineUserIds: (eventId) => presence.onlineUserIds(eventId),
    timeline: { repository: timelineRepository, list: (event, limit) => timeline.moderationList(event, limit), changed: timelineChanged },
    people: { clock, readModels, onlineUserIds: (eventId) => presence.onlineSet(eventId), peopleChanged: personChanged, visibilityChanged, loginLinks: links, recovery, privacy, checkIn },
  });

  return {
    db,
    realtime,
    /** GET /readyz: migrated, database answering, disk space for writes, broker connected, not draining (docs/operations.md). */
    readiness: () => readiness({ state: ops().state, storage: storageHealth().state, databaseAnswers: (ms) => health.answers(ms), brokerConnected: () => realtime.isBrokerConnected() }),
    /** Where the shared limits keep their counts; the runtime closes it on shutdown. */
    limitStore,
    /** Per-user budgets: of the GET calls that send mail, 10 each per user in 10 minutes; of the console's writes, 120 per organiser per minute (a show taps fast, a script not). */
    /** Wrong admin tokens per address (http/admin-guard.ts): 10 free, then 1 s, 2 s … up to 5 minutes; forgotten an hour after the last. */
    adminLogins: backoff('admin-addr', 10, 300, 60),
    actionLimits: createActionLimits({
      sendContactInfo: shared('contact-info', 10, 10), requestMeeting: shared('meeting', 10, 10), sendAllDocuments: shared('all-documents', 10, 10),
      console: shared('console', 120, 1),
    }),
    /** Who is online across nodes (docs/presence.md). */
    presence,
    /** Participant list, profiles of others, groups (hidden attendees never reach anyone else). */
    participants,
    events,
    users,
    tokens,
    /** Answers kept for every visitor or every member, served by the edge's one lookup (docs/http-cache.md). */
    pageCache,
    /** A write's first outcome under its Idempotency-Key answers its retries (docs/operations.md "Retries"). */
    idempotency: createIdempotencyService({ repository: createIdempotencyRepository(db), clock }),
    sessions: createSessionService({ tokens }),
    delivery,
    /** Password and one-time-link login, with pending passwords, two-factor and login links plugged in. */
    login,
    loginLinks: links,
    twoFactor,
    recovery,
    eventImport,
    eventExport,
    /** The operator's /admin page: events, a new one, its first organiser (docs/operations.md "The operator's page"). */
    platformAdmin: createPlatformAdmin({
      repository: createPlatformAdminRepository(db), eventImport, eventExport, loginLinks: links, delivery, peopleChanged: participantsChanged, clock,
    }),
    agenda: createAgendaService({ repository: createAgendaRepository(db), readModels }),
    booking: createBookingService({
      repository: createBookingRepository(db),
      publishAgendaChange: async (eventId, data) => {
        await realtime.publishDataChange(eventId, 'live');
        await realtime.publish(eventId, 'agenda-change', data);
      },
      now: clock,
    }),
    speakers: createSpeakerService({ repository: createSpeakerRepository(db), readModels }),
    categories: createCategoryService({ repository: createCategoryRepository(db) }),
    content,
    contentReaders: createContentReaders({ users }),
    lobby: createLobbyService({ repository: createLobbyRepository(db), now: clock }),
    stage: createStageService({ repository: createStageRepository(db), readModels }),
    sponsors,
    /** Lead form: 10 submissions per address and event in 10 minutes (a person sends one or two). */
    leads: createLeadService({
      leads: createLeadRepository(db), sponsors, users, sendMail: (message) => delivery.send(message),
      formLimiter: shared('lead-addr', 10, 10), clock,
    }),
    profile,
    /** Self sign-up, capacity and the waiting list (docs/registration.md). */
    registration,
    /** Download and erasure of a person's data across every domain (docs/privacy.md). */
    privacy,
    avatars: createAvatarService({ users, profiles, dataDir: config.dataDir, profileChanged }),
    vouchers: createVoucherService({ repository: createVoucherRepository(db), realtime, clock }),
    tickets: createTicketService({ repository: createTicketRepository(db) }),
    pwaIcons: createPwaIconService(siteImageDirs),
    imageSizes: createImageSizes(siteImageDirs),
    polls: pollService,
    /** One-to-one and support chat; 30 messages per attendee per minute. Events reach the chat's members only. */
    chat: createChatService({
      repository: createChatRepository(db),
      publish: (eventId, name, data, userIds) => realtime.publishToUsers(eventId, name, data, userIds),
      onlineUserIds: (eventId) => presence.onlineUserIds(eventId),
      limiter: limiter(30, 1), clock,
    }),
    /** Coalesced tally broadcasts; the runtime flushes and stops them on shutdown. */
    pollTallies,
    /** Results and admission logins, with their limits (app-login.ts). */
    resultsLogin: createResultsLogin(createResultsLoginRepository(db), limits, clock),
    pollResults,
    /** Admission lists (scanned-in or not) and their export, behind the admission session. */
    admission: createAdmissionService({ repository: admissionRepository, clock }),
    /** Shared lists by PIN: 10 wrong PINs per address and event in 15 minutes (shared through Redis). */
    sharedLists: createSharedListService({
      lists: createSharedListRepository(db), attendees: admissionRepository, limiter: shared('shared-list-addr', 10, 15), clock,
    }),
    /** Door check-in: 120 scans per admission session per minute; each scan-in tells open admission lists. */
    checkIn,
    /** Streamed XLSX/CSV exports of the results screens. */
    pollResultsExport: createPollResultsExport({ repository: pollResultsRepository, results: pollResults, clock }),
    /** Timeline: 20 posts or comments and 120 likes per attendee per minute (people type and tap by hand). */
    timeline,
    /** The organiser console: live now, stage, polls, timeline moderation, activity (organisers of the event only). */
    console: organiserConsole,
    /** The console's people area: attendees listed, imported, changed (organisers of the event only). */
    people,
    /** Selfie tab: 10 uploads per attendee in 10 minutes, counted across nodes (docs/selfie.md). */
    selfie: createSelfieService({
      repository: createSelfieRepository(db), timeline, limiter: shared('selfie', 10, 10), dataDir: config.dataDir, clock,
    }),
  };
}

export type App = ReturnType<typeof createApp>;

let instance: App | undefined;

/** The process-wide services, built on first use from the configuration. */
export function app(): App {
  instance ??= createApp({ db: database(), realtime: realtime(), config: config(), clock: () => new Date() });
  return instance;
}

/** Drops every service at once (after the database and hub closed), so a later call starts afresh. */
export function resetApp(): void {
  instance?.pollTallies.stop();
  void instance?.presence.close();
  instance = undefined;
}
