import type { Selectable, Transaction } from 'kysely';
import type { Db } from '~/server/db/database';
import type {
  CategoryTable, Database, DocumentTable, EventTable, GroupTable, InfoPageTable, LobbyElementTable, MeetingRoomTable, PollAlternativeTable,
  PollTable, SessionTable, SharedListTable, SpeakerTable, SponsorTable, TimelineItemTable, TrackTable, UserTable,
} from '~/server/db/schema';
import { parseJson } from '~/server/db/sql-values';
import type * as R from './event-file-export.records';

const toEvent = (e: Selectable<EventTable>): R.ExportEventRecord => ({
  id: e.id, slug: e.slug, name: e.name, regEventCode: e.reg_event_code, languageId: e.language_id, timeZone: e.time_zone,
  startDate: e.start_date, endDate: e.end_date, isActive: e.is_active, isRegistrationOpen: e.is_registration_open,
  capacity: e.capacity,
  isTwoFactor: e.is_two_factor, liveLobby: e.live_lobby, liveStage: e.live_stage, liveWebApp: e.live_web_app,
  liveFaqCategory: e.live_faq_category, logoUrl: e.logo_url, faviconUrl: e.favicon_url, loginCaption: e.login_caption,
  lobbyBannerText: e.lobby_banner_text, aboutOnlineEvent: e.about_online_event, streamUrl: e.stream_url, holdingImageUrl: e.holding_image_url,
  gamificationUrl: e.gamification_url,
  termsText: e.terms_text, resultsPasswordHash: e.results_password_hash, participantsPasswordHash: e.participants_password_hash,
  captions: parseJson(e.captions, {}), features: parseJson(e.features, {}), branding: parseJson(e.branding, {}),
});

const toLobbyElement = (e: Selectable<LobbyElementTable>): R.ExportLobbyElementRecord => ({
  key: e.key, type: e.type, category: e.category, options: parseJson(e.options, {}),
});

const toUser = (u: Selectable<UserTable>): R.ExportUserRecord => ({
  id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name, passwordHash: u.password_hash, title: u.title,
  about: u.about, about2: u.about2, phone: u.phone, company: u.company, jobTitle: u.job_title, address1: u.address1, picture: u.picture,
  linkedin: u.linkedin, facebook: u.facebook, instagram: u.instagram, twitter: u.twitter,
  calculatedFields: parseJson(u.calculated_fields, {}), isHidden: u.is_hidden, isOrganiser: u.is_organiser,
});

const toGroup = (g: Selectable<GroupTable>): R.ExportGroupRecord => ({ id: g.id, key: g.key, name: g.name, isPublic: g.is_public });

const toCategory = (c: Selectable<CategoryTable>): R.ExportCategoryRecord => ({
  id: c.id, key: c.key, name: c.name, categoryType: c.category_type, isPublic: c.is_public,
});

const toTrack = (t: Selectable<TrackTable>): R.ExportTrackRecord => ({
  id: t.id, key: t.key, title: t.title, headerBackgroundColor: t.header_background_color, isTitleHidden: t.is_title_hidden,
});

const toSpeaker = (p: Selectable<SpeakerTable>): R.ExportSpeakerRecord => ({
  id: p.id, key: p.key, firstName: p.first_name, lastName: p.last_name, jobTitle: p.job_title, company: p.company,
  description: p.description, phone: p.phone, email: p.email, imageUrl: p.image_url, links: parseJson(p.links, []),
});

const toSession = (p: Selectable<SessionTable>): R.ExportSessionRecord => ({
  id: p.id, key: p.key, title: p.title, subtitle: p.subtitle, description: p.description, startDate: p.start_date, endDate: p.end_date,
  trackId: p.track_id, liveUrl: p.live_url, seatLimit: p.seat_limit, keywords: p.keywords,
});

const toSponsor = (p: Selectable<SponsorTable>): R.ExportSponsorRecord => ({
  id: p.id, key: p.key, name: p.name, logoUrl: p.logo_url, position: p.position, address: p.address, phone: p.phone,
  email: p.email, website: p.website, links: parseJson(p.links, []), description: p.description, streamUrl: p.stream_url, liveUrl: p.live_url,
  hasLeadForm: p.has_lead_form,
});

const toRoom = (r: Selectable<MeetingRoomTable>): R.ExportMeetingRoomRecord => ({
  id: r.id, key: r.key, sponsorId: r.sponsor_id, name: r.name, roomUrl: r.room_url, startDate: r.start_date, endDate: r.end_date,
});

const toInfoPage = (p: Selectable<InfoPageTable>): R.ExportInfoPageRecord => ({
  id: p.id, key: p.key, heading: p.heading, body: p.body, category: p.category, platforms: parseJson(p.platforms, ['digital']),
});

const toDocument = (d: Selectable<DocumentTable>): R.ExportDocumentRecord => ({
  id: d.id, key: d.key, name: d.name, fileUrl: d.file_url, previewUrl: d.preview_url, docType: d.doc_type,
  sponsorId: d.sponsor_id, platforms: parseJson(d.platforms, ['digital']), uploadedAt: d.uploaded_at,
});

const toPoll = (p: Selectable<PollTable>): R.ExportPollRecord => ({
  id: p.id, key: p.key, parentId: p.parent_id, sponsorId: p.sponsor_id, title: p.title, question: p.question,
  description: p.description, questionType: p.question_type, accessKey: p.access_key, code: p.code,
  isPublicResults: p.is_public_results, isCommentsEnabled: p.is_comments_enabled, isOpen: p.is_open, isTemplate: p.is_template,
  resultsPasswordHash: p.results_password_hash,
});

const toAlternative = (a: Selectable<PollAlternativeTable>): R.ExportAlternativeRecord => ({
  pollId: a.poll_id, text: a.text, value: a.value, color: a.color, isCorrect: a.is_correct,
});

const toTimelineItem = (t: Selectable<TimelineItemTable>): R.ExportTimelineRecord => ({
  id: t.id, key: t.key ?? '', authorId: t.author_id, inReplyTo: t.in_reply_to, message: t.message,
  imageUrls: parseJson(t.image_urls, []), isPromo: t.is_promo, linkMode: t.link_mode, promoLink: t.promo_link,
  promoLinkText: t.promo_link_text, platforms: parseJson(t.platforms, ['digital']), createdAt: t.created_at,
});

const toSharedList = (l: Selectable<SharedListTable>): R.ExportSharedListRecord => ({
  key: l.key, name: l.name, description: l.description, pin: l.pin, columns: parseJson(l.columns, []), groupKeys: parseJson(l.group_keys, []),
  admission: l.admission as R.ExportSharedListRecord['admission'], includeHidden: l.include_hidden,
});

/** Reads everything an event file holds, in a stable order (file order = position, then id). */
export function createEventFileExportRepository(db: Db) {
  /** One read transaction, so a concurrent import cannot show half of itself. */
  function readEvent(slug: string) {
    return db.kysely.transaction().execute((kysely) => read(kysely, slug));
  }

  async function read(kysely: Transaction<Database>, slug: string) {
    const row = await kysely.selectFrom('events').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!row) return undefined;
    const event = toEvent(row);
    const id = event.id;
    const own = { sessions: kysely.selectFrom('sessions').select('id').where('event_id', '=', id) };
    const [lobbyElements, users, registrations, groups, groupMembers, categories, tracks, speakers, speakerCategories] = await Promise.all([
      kysely.selectFrom('lobby_elements').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('users').selectAll().where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('registrations').select(['user_id', 'ticket_code', 'ticket_key']).where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('groups').selectAll().where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id')
        .select(['group_members.group_id', 'group_members.user_id']).where('groups.event_id', '=', id).orderBy('group_members.user_id').execute(),
      kysely.selectFrom('categories').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('tracks').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('speakers').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('speaker_categories').innerJoin('speakers', 'speakers.id', 'speaker_categories.speaker_id')
        .select(['speaker_categories.speaker_id', 'speaker_categories.category_id']).where('speakers.event_id', '=', id)
        .orderBy('speaker_categories.category_id').execute(),
    ]);
    const [sessions, sessionSpeakers, sessionCategories, sponsors, sponsorCategories, sponsorUsers, meetingRooms] = await Promise.all([
      kysely.selectFrom('sessions').selectAll().where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('session_speakers').selectAll().where('session_id', 'in', own.sessions).orderBy('position').orderBy('speaker_id').execute(),
      kysely.selectFrom('session_categories').selectAll().where('session_id', 'in', own.sessions).orderBy('category_id').execute(),
      kysely.selectFrom('sponsors').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('sponsor_categories').innerJoin('sponsors', 'sponsors.id', 'sponsor_categories.sponsor_id')
        .select(['sponsor_categories.sponsor_id', 'sponsor_categories.category_id']).where('sponsors.event_id', '=', id)
        .orderBy('sponsor_categories.category_id').execute(),
      kysely.selectFrom('sponsor_users').innerJoin('sponsors', 'sponsors.id', 'sponsor_users.sponsor_id')
        .select(['sponsor_users.sponsor_id', 'sponsor_users.user_id']).where('sponsors.event_id', '=', id).orderBy('sponsor_users.user_id').execute(),
      kysely.selectFrom('meeting_rooms').innerJoin('sponsors', 'sponsors.id', 'meeting_rooms.sponsor_id')
        .selectAll('meeting_rooms').where('sponsors.event_id', '=', id).orderBy('meeting_rooms.id').execute(),
    ]);
    const sponsorSpeakers = await kysely.selectFrom('sponsor_speakers').innerJoin('sponsors', 'sponsors.id', 'sponsor_speakers.sponsor_id')
      .select(['sponsor_speakers.sponsor_id', 'sponsor_speakers.speaker_id']).where('sponsors.event_id', '=', id)
      .orderBy('sponsor_speakers.speaker_id').execute();
    const [infoPages, documents, documentSessions, polls, alternatives, timeline] = await Promise.all([
      kysely.selectFrom('info_pages').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('documents').selectAll().where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('document_sessions').innerJoin('documents', 'documents.id', 'document_sessions.document_id')
        .select(['document_sessions.document_id', 'document_sessions.session_id']).where('documents.event_id', '=', id)
        .orderBy('document_sessions.session_id').execute(),
      kysely.selectFrom('polls').selectAll().where('event_id', '=', id).where('archived_at', 'is', null).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('poll_alternatives').innerJoin('polls', 'polls.id', 'poll_alternatives.poll_id')
        .selectAll('poll_alternatives').where('polls.event_id', '=', id).orderBy('poll_alternatives.position').execute(),
      // Only keyed items come from files; attendees' own posts stay out of the export.
      kysely.selectFrom('timeline_items').selectAll().where('event_id', '=', id).where('key', 'is not', null).orderBy('id').execute(),
    ]);
    const selfieOverlays = await kysely.selectFrom('selfie_overlays').select(['key', 'name', 'image_url']).where('event_id', '=', id)
      .orderBy('position').orderBy('id').execute();
    const sharedLists = await kysely.selectFrom('shared_lists').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute();
    return {
      event,
      lobbyElements: lobbyElements.map(toLobbyElement),
      users: users.map(toUser),
      registrations: registrations.map((r) => ({ userId: r.user_id, ticketCode: r.ticket_code, ticketKey: r.ticket_key })),
      groups: groups.map(toGroup),
      groupMembers: groupMembers.map((r) => ({ groupId: r.group_id, userId: r.user_id })),
      categories: categories.map(toCategory),
      tracks: tracks.map(toTrack),
      speakers: speakers.map(toSpeaker),
      speakerCategories: speakerCategories.map((r) => ({ speakerId: r.speaker_id, categoryId: r.category_id })),
      sessions: sessions.map(toSession),
      sessionSpeakers: sessionSpeakers.map((r) => ({ sessionId: r.session_id, speakerId: r.speaker_id })),
      sessionCategories: sessionCategories.map((r) => ({ sessionId: r.session_id, categoryId: r.category_id })),
      sponsors: sponsors.map(toSponsor),
      sponsorCategories: sponsorCategories.map((r) => ({ sponsorId: r.sponsor_id, categoryId: r.category_id })),
      sponsorUsers: sponsorUsers.map((r) => ({ sponsorId: r.sponsor_id, userId: r.user_id })),
      meetingRooms: meetingRooms.map(toRoom),
      sponsorSpeakers: sponsorSpeakers.map((r) => ({ sponsorId: r.sponsor_id, speakerId: r.speaker_id })),
      infoPages: infoPages.map(toInfoPage),
      documents: documents.map(toDocument),
      documentSessions: documentSessions.map((r) => ({ documentId: r.document_id, sessionId: r.session_id })),
      polls: polls.map(toPoll),
      alternatives: alternatives.map(toAlternative),
      timeline: timeline.map(toTimelineItem),
      selfieOverlays: selfieOverlays.map((o) => ({ key: o.key, name: o.name, imageUrl: o.image_url })),
      sharedLists: sharedLists.map(toSharedList),
    };
  }

  return { readEvent };
}

export type EventFileExportRepository = ReturnType<typeof createEventFileExportRepository>;
export type StoredEvent = NonNullable<Awaited<ReturnType<EventFileExportRepository['readEvent']>>>;
