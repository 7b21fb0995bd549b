import type { EventFile } from '~/contracts/event-file';
import { CATEGORY_TYPES, LANGUAGE_IDS, QUESTION_TYPES } from '~/contracts/event-settings';
import { parseJson, toBool, toInt } from '~/server/db/sql-values';
import { DomainError } from '~/server/errors';
import type { EventFileExportRepository, StoredEvent } from './event-file-export.repository';

type Of<K extends keyof EventFile> = EventFile[K] extends readonly (infer T)[] ? T : never;

// null columns become absent fields, as in a hand-written file.
const opt = <T>(value: T | null): T | undefined => value ?? undefined;
const iso = (value: string) => new Date(value).toISOString();
const optIso = (value: string | null) => (value === null ? undefined : iso(value));
const reverse = (map: Record<string, string | number>) => new Map<string | number, string>(Object.entries(map).map(([k, v]) => [v, k]));
const LANGUAGES = reverse(LANGUAGE_IDS);
const CATEGORY_NAMES = reverse(CATEGORY_TYPES);
const QUESTION_NAMES = reverse(QUESTION_TYPES);

/** id → key for rows, and grouping of link rows by owner. */
const keysById = (rows: readonly { id: unknown; key: string }[]) => new Map(rows.map((r) => [toInt(r.id), r.key]));
function grouped<T>(rows: readonly T[], owner: (row: T) => unknown, value: (row: T) => string | undefined): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const v = value(row);
    if (v === undefined) continue;
    const id = toInt(owner(row));
    map.set(id, [...(map.get(id) ?? []), v]);
  }
  return map;
}

/** Reads an event back into the event-file shape: absolute UTC times, password hashes, keys. */
export function createExportEventService({ repository }: { repository: EventFileExportRepository }) {
  return {
    async exportEvent(slug: string): Promise<EventFile> {
      const stored = await repository.readEvent(slug);
      if (!stored) throw new DomainError('event.not_found', `No event with slug "${slug}"`);
      return toEventFile(stored);
    },
  };
}

export function toEventFile(s: StoredEvent): EventFile {
  const { event } = s;
  const emails = new Map(s.users.map((u) => [toInt(u.id), u.email]));
  const categoryKeys = keysById(s.categories);
  const speakerKeys = keysById(s.speakers);
  const sessionKeys = keysById(s.sessions);
  const sponsorKeys = keysById(s.sponsors);
  const trackKeys = keysById(s.tracks);
  const tickets = new Map<number, string>();
  for (const r of s.registrations) if (!tickets.has(toInt(r.user_id))) tickets.set(toInt(r.user_id), r.ticket_code);
  const members = grouped(s.groupMembers, (r) => r.group_id, (r) => emails.get(toInt(r.user_id)));
  const speakerCategories = grouped(s.speakerCategories, (r) => r.speaker_id, (r) => categoryKeys.get(toInt(r.category_id)));
  const sessionSpeakers = grouped(s.sessionSpeakers, (r) => r.session_id, (r) => speakerKeys.get(toInt(r.speaker_id)));
  const sessionCategories = grouped(s.sessionCategories, (r) => r.session_id, (r) => categoryKeys.get(toInt(r.category_id)));
  const sponsorCategories = grouped(s.sponsorCategories, (r) => r.sponsor_id, (r) => categoryKeys.get(toInt(r.category_id)));
  const sponsorUsers = grouped(s.sponsorUsers, (r) => r.sponsor_id, (r) => emails.get(toInt(r.user_id)));
  const documentSessions = grouped(s.documentSessions, (r) => r.document_id, (r) => sessionKeys.get(toInt(r.session_id)));
  const sponsorKey = (id: unknown) => (id === null ? undefined : sponsorKeys.get(toInt(id)));

  const alternatives = new Map<number, Of<'polls'>['alternatives']>();
  for (const a of s.alternatives) {
    const list = alternatives.get(toInt(a.poll_id)) ?? [];
    list.push({ text: a.text, value: opt(a.value === null ? null : Number(a.value)), color: opt(a.color), correct: toBool(a.is_correct) });
    alternatives.set(toInt(a.poll_id), list);
  }
  const poll = (p: StoredEvent['polls'][number]) => ({
    key: p.key, title: p.title, question: p.question, description: opt(p.description),
    type: QUESTION_NAMES.get(toInt(p.question_type)) as Of<'polls'>['type'], accessKey: p.access_key, code: opt(p.code),
    publicResults: toBool(p.is_public_results), commentsEnabled: toBool(p.is_comments_enabled), open: toBool(p.is_open),
    template: toBool(p.is_template), sponsor: sponsorKey(p.sponsor_id), alternatives: alternatives.get(toInt(p.id)) ?? [],
  });
  const comments = (postId: number) => s.timeline.filter((c) => c.in_reply_to !== null && toInt(c.in_reply_to) === postId)
    .map((c) => ({ key: c.key!, author: opt(emails.get(toInt(c.author_id)) ?? null), message: c.message, createdAt: iso(c.created_at) }));

  return {
    slug: event.slug, name: event.name, regEventCode: opt(event.reg_event_code),
    language: (LANGUAGES.get(event.language_id) ?? 'en') as EventFile['language'], timeZone: event.time_zone,
    start: iso(event.start_date), end: iso(event.end_date), active: toBool(event.is_active),
    registrationOpen: toBool(event.is_registration_open), twoFactor: toBool(event.is_two_factor), liveLobby: toBool(event.live_lobby),
    liveStage: toBool(event.live_stage), liveWebApp: toBool(event.live_web_app), liveFAQCategory: opt(event.live_faq_category),
    logoUrl: opt(event.logo_url), faviconUrl: opt(event.favicon_url), loginCaption: opt(event.login_caption),
    lobbyBannerText: opt(event.lobby_banner_text), aboutOnlineEvent: opt(event.about_online_event), streamUrl: opt(event.stream_url),
    gamificationUrl: opt(event.gamification_url), termsText: opt(event.terms_text), resultsPasswordHash: opt(event.results_password_hash),
    captions: parseJson(event.captions, {}), features: parseJson(event.features, {}), branding: parseJson(event.branding, {}),
    lobbyElements: s.lobbyElements.map((e) => {
      const options = parseJson<Record<string, unknown> & { topSponsorOptions?: { sponsorId: number }[] }>(e.options, {});
      const { topSponsorOptions, ...rest } = options;
      return {
        key: e.key, type: toInt(e.type) as Of<'lobbyElements'>['type'], category: opt(e.category),
        options: topSponsorOptions ? { ...rest, topSponsorOptions: topSponsorOptions.flatMap((o) => sponsorKeys.get(o.sponsorId) ?? []).map((sponsor) => ({ sponsor })) } : rest,
      };
    }),
    users: s.users.map((u) => ({
      email: u.email, firstName: u.first_name, lastName: u.last_name, passwordHash: opt(u.password_hash), title: opt(u.title),
      about: opt(u.about), about2: opt(u.about2), phone: opt(u.phone), company: opt(u.company), jobTitle: opt(u.job_title),
      address1: opt(u.address1), picture: opt(u.picture), linkedin: opt(u.linkedin), facebook: opt(u.facebook),
      instagram: opt(u.instagram), twitter: opt(u.twitter), calculatedFields: parseJson(u.calculated_fields, {}),
      hidden: toBool(u.is_hidden), organiser: toBool(u.is_organiser), ticketCode: tickets.get(toInt(u.id)),
    })),
    groups: s.groups.map((g) => ({ key: g.key, name: g.name, public: toBool(g.is_public), members: members.get(toInt(g.id)) ?? [] })),
    categories: s.categories.map((c) => ({
      key: c.key, name: c.name, type: (CATEGORY_NAMES.get(toInt(c.category_type)) ?? 'sponsor') as Of<'categories'>['type'], public: toBool(c.is_public),
    })),
    tracks: s.tracks.map((t) => ({ key: t.key, title: t.title, color: opt(t.header_background_color), hideTitle: toBool(t.is_title_hidden) })),
    speakers: s.speakers.map((p) => ({
      key: p.key, firstName: p.first_name, lastName: p.last_name, jobTitle: opt(p.job_title), company: opt(p.company),
      description: opt(p.description), phone: opt(p.phone), email: opt(p.email), imageUrl: opt(p.image_url),
      links: parseJson(p.links, []), categories: speakerCategories.get(toInt(p.id)) ?? [],
    })),
    sessions: s.sessions.map((p) => ({
      key: p.key, title: p.title, subtitle: opt(p.subtitle), description: opt(p.description), start: iso(p.start_date), end: iso(p.end_date),
      track: p.track_id === null ? null : trackKeys.get(toInt(p.track_id)) ?? null, liveUrl: opt(p.live_url), seatLimit: toInt(p.seat_limit),
      keywords: opt(p.keywords), speakers: sessionSpeakers.get(toInt(p.id)) ?? [], categories: sessionCategories.get(toInt(p.id)) ?? [],
    })),
    sponsors: s.sponsors.map((p) => ({
      key: p.key, name: p.name, logoUrl: opt(p.logo_url), order: toInt(p.position), address: opt(p.address), phone: opt(p.phone),
      email: opt(p.email), website: opt(p.website), links: parseJson(p.links, []), description: opt(p.description),
      streamUrl: opt(p.stream_url), liveUrl: opt(p.live_url), categories: sponsorCategories.get(toInt(p.id)) ?? [],
      users: sponsorUsers.get(toInt(p.id)) ?? [],
      meetingRooms: s.meetingRooms.filter((r) => toInt(r.sponsor_id) === toInt(p.id)).map((r) => ({
        key: r.key, name: r.name, url: r.room_url, start: optIso(r.start_date), end: optIso(r.end_date),
      })),
    })),
    infoPages: s.infoPages.map((p) => ({
      key: p.key, heading: p.heading, body: p.body, category: opt(p.category), platforms: parseJson(p.platforms, ['digital']),
    })),
    documents: s.documents.map((d) => ({
      key: d.key, name: d.name, fileUrl: d.file_url, previewUrl: opt(d.preview_url), type: d.doc_type as Of<'documents'>['type'],
      platforms: parseJson(d.platforms, ['digital']), sessions: documentSessions.get(toInt(d.id)) ?? [], sponsor: sponsorKey(d.sponsor_id),
      uploadedAt: iso(d.uploaded_at),
    })),
    polls: s.polls.filter((p) => p.parent_id === null).map((p) => ({
      ...poll(p), items: s.polls.filter((i) => i.parent_id !== null && toInt(i.parent_id) === toInt(p.id)).map(poll),
    })),
    timeline: s.timeline.filter((t) => t.in_reply_to === null).map((t) => ({
      key: t.key!, author: opt(emails.get(toInt(t.author_id)) ?? null), message: t.message, createdAt: iso(t.created_at),
      promo: toBool(t.is_promo), linkMode: opt(t.link_mode) as Of<'timeline'>['linkMode'], promoLink: opt(t.promo_link),
      promoLinkText: opt(t.promo_link_text), platforms: parseJson(t.platforms, ['digital']), imageUrls: parseJson(t.image_urls, []),
      comments: comments(toInt(t.id)),
    })),
  };
}

export type ExportEventService = ReturnType<typeof createExportEventService>;
