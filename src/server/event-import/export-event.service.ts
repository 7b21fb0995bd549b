import type { EventFile } from '~/contracts/event-file';
import { CATEGORY_TYPES, LANGUAGE_IDS, QUESTION_TYPES } from '~/contracts/event-settings';
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
const keysById = (rows: readonly { id: number; key: string }[]) => new Map(rows.map((r) => [r.id, r.key]));
function grouped<T>(rows: readonly T[], owner: (row: T) => number, value: (row: T) => string | undefined): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const v = value(row);
    if (v === undefined) continue;
    const id = owner(row);
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
  const emails = new Map(s.users.map((u) => [u.id, u.email]));
  const categoryKeys = keysById(s.categories);
  const speakerKeys = keysById(s.speakers);
  const sessionKeys = keysById(s.sessions);
  const sponsorKeys = keysById(s.sponsors);
  const trackKeys = keysById(s.tracks);
  const tickets = new Map<number, { ticketCode: string; ticketKey: string }>();
  for (const r of s.registrations) if (!tickets.has(r.userId)) tickets.set(r.userId, r);
  const members = grouped(s.groupMembers, (r) => r.groupId, (r) => emails.get(r.userId));
  const speakerCategories = grouped(s.speakerCategories, (r) => r.speakerId, (r) => categoryKeys.get(r.categoryId));
  const sessionSpeakers = grouped(s.sessionSpeakers, (r) => r.sessionId, (r) => speakerKeys.get(r.speakerId));
  const sessionCategories = grouped(s.sessionCategories, (r) => r.sessionId, (r) => categoryKeys.get(r.categoryId));
  const sponsorCategories = grouped(s.sponsorCategories, (r) => r.sponsorId, (r) => categoryKeys.get(r.categoryId));
  const sponsorSpeakers = grouped(s.sponsorSpeakers, (r) => r.sponsorId, (r) => speakerKeys.get(r.speakerId));
  const sponsorUsers = grouped(s.sponsorUsers, (r) => r.sponsorId, (r) => emails.get(r.userId));
  const documentSessions = grouped(s.documentSessions, (r) => r.documentId, (r) => sessionKeys.get(r.sessionId));
  const sponsorKey = (id: number | null) => (id === null ? undefined : sponsorKeys.get(id));

  const alternatives = new Map<number, Of<'polls'>['alternatives']>();
  for (const a of s.alternatives) {
    const list = alternatives.get(a.pollId) ?? [];
    list.push({ text: a.text, value: opt(a.value), color: opt(a.color), correct: a.isCorrect });
    alternatives.set(a.pollId, list);
  }
  const poll = (p: StoredEvent['polls'][number]) => ({
    key: p.key, title: p.title, question: p.question, description: opt(p.description),
    type: QUESTION_NAMES.get(p.questionType) as Of<'polls'>['type'], accessKey: p.accessKey, code: opt(p.code),
    publicResults: p.isPublicResults, commentsEnabled: p.isCommentsEnabled, open: p.isOpen,
    template: p.isTemplate, sponsor: sponsorKey(p.sponsorId), alternatives: alternatives.get(p.id) ?? [],
  });
  const comments = (postId: number) => s.timeline.filter((c) => c.inReplyTo === postId)
    .map((c) => ({ key: c.key, author: c.authorId === null ? undefined : emails.get(c.authorId), message: c.message, createdAt: iso(c.createdAt) }));

  return {
    slug: event.slug, name: event.name, regEventCode: opt(event.regEventCode),
    language: (LANGUAGES.get(event.languageId) ?? 'en') as EventFile['language'], timeZone: event.timeZone,
    start: iso(event.startDate), end: iso(event.endDate), active: event.isActive,
    registrationOpen: event.isRegistrationOpen, capacity: event.capacity ?? undefined, twoFactor: event.isTwoFactor, liveLobby: event.liveLobby,
    liveStage: event.liveStage, liveWebApp: event.liveWebApp, liveFAQCategory: opt(event.liveFaqCategory),
    logoUrl: opt(event.logoUrl), faviconUrl: opt(event.faviconUrl), loginCaption: opt(event.loginCaption),
    lobbyBannerText: opt(event.lobbyBannerText), aboutOnlineEvent: opt(event.aboutOnlineEvent), streamUrl: opt(event.streamUrl),
    holdingImageUrl: opt(event.holdingImageUrl), gamificationUrl: opt(event.gamificationUrl), termsText: opt(event.termsText), resultsPasswordHash: opt(event.resultsPasswordHash),
    participantsPasswordHash: opt(event.participantsPasswordHash),
    captions: event.captions, features: event.features, branding: event.branding,
    lobbyElements: s.lobbyElements.map((e) => {
      const { topSponsorOptions, ...rest } = e.options as Record<string, unknown> & { topSponsorOptions?: { sponsorId: number }[] };
      return {
        key: e.key, type: e.type as Of<'lobbyElements'>['type'], category: opt(e.category),
        options: topSponsorOptions ? { ...rest, topSponsorOptions: topSponsorOptions.flatMap((o) => sponsorKeys.get(o.sponsorId) ?? []).map((sponsor) => ({ sponsor })) } : rest,
      };
    }),
    users: s.users.map((u) => ({
      email: u.email, firstName: u.firstName, lastName: u.lastName, passwordHash: opt(u.passwordHash), title: opt(u.title),
      about: opt(u.about), about2: opt(u.about2), phone: opt(u.phone), company: opt(u.company), jobTitle: opt(u.jobTitle),
      address1: opt(u.address1), picture: opt(u.picture), linkedin: opt(u.linkedin), facebook: opt(u.facebook),
      instagram: opt(u.instagram), twitter: opt(u.twitter), calculatedFields: u.calculatedFields,
      hidden: u.isHidden, organiser: u.isOrganiser, ticketCode: tickets.get(u.id)?.ticketCode, ticketKey: tickets.get(u.id)?.ticketKey,
    })),
    groups: s.groups.map((g) => ({ key: g.key, name: g.name, public: g.isPublic, members: members.get(g.id) ?? [] })),
    categories: s.categories.map((c) => ({
      key: c.key, name: c.name, type: (CATEGORY_NAMES.get(c.categoryType) ?? 'sponsor') as Of<'categories'>['type'], public: c.isPublic,
    })),
    tracks: s.tracks.map((t) => ({ key: t.key, title: t.title, color: opt(t.headerBackgroundColor), hideTitle: t.isTitleHidden })),
    speakers: s.speakers.map((p) => ({
      key: p.key, firstName: p.firstName, lastName: p.lastName, jobTitle: opt(p.jobTitle), company: opt(p.company),
      description: opt(p.description), phone: opt(p.phone), email: opt(p.email), imageUrl: opt(p.imageUrl),
      links: p.links, categories: speakerCategories.get(p.id) ?? [],
    })),
    sessions: s.sessions.map((p) => ({
      key: p.key, title: p.title, subtitle: opt(p.subtitle), description: opt(p.description), start: iso(p.startDate), end: iso(p.endDate),
      track: p.trackId === null ? null : trackKeys.get(p.trackId) ?? null, liveUrl: opt(p.liveUrl), seatLimit: p.seatLimit,
      keywords: opt(p.keywords), speakers: sessionSpeakers.get(p.id) ?? [], categories: sessionCategories.get(p.id) ?? [],
    })),
    sponsors: s.sponsors.map((p) => ({
      key: p.key, name: p.name, logoUrl: opt(p.logoUrl), order: p.position, address: opt(p.address), phone: opt(p.phone),
      email: opt(p.email), website: opt(p.website), links: p.links, description: opt(p.description),
      streamUrl: opt(p.streamUrl), liveUrl: opt(p.liveUrl), categories: sponsorCategories.get(p.id) ?? [],
      users: sponsorUsers.get(p.id) ?? [], speakers: sponsorSpeakers.get(p.id) ?? [], leadForm: p.hasLeadForm,
      meetingRooms: s.meetingRooms.filter((r) => r.sponsorId === p.id).map((r) => ({
        key: r.key, name: r.name, url: r.roomUrl, start: optIso(r.startDate), end: optIso(r.endDate),
      })),
    })),
    infoPages: s.infoPages.map((p) => ({
      key: p.key, heading: p.heading, body: p.body, category: opt(p.category), platforms: p.platforms,
    })),
    documents: s.documents.map((d) => ({
      key: d.key, name: d.name, fileUrl: d.fileUrl, previewUrl: opt(d.previewUrl), type: d.docType as Of<'documents'>['type'],
      platforms: d.platforms, sessions: documentSessions.get(d.id) ?? [], sponsor: sponsorKey(d.sponsorId),
      uploadedAt: iso(d.uploadedAt),
    })),
    polls: s.polls.filter((p) => p.parentId === null).map((p) => ({
      ...poll(p), items: s.polls.filter((i) => i.parentId !== null && i.parentId === p.id).map(poll),
      resultsPasswordHash: opt(p.resultsPasswordHash),
    })),
    timeline: s.timeline.filter((t) => t.inReplyTo === null).map((t) => ({
      key: t.key, author: t.authorId === null ? undefined : emails.get(t.authorId), message: t.message, createdAt: iso(t.createdAt),
      promo: t.isPromo, linkMode: opt(t.linkMode) as Of<'timeline'>['linkMode'], promoLink: opt(t.promoLink),
      promoLinkText: opt(t.promoLinkText), platforms: t.platforms, imageUrls: t.imageUrls,
      comments: comments(t.id),
    })),
    selfieOverlays: s.selfieOverlays,
    sharedLists: s.sharedLists.map((l) => ({
      key: l.key, name: l.name, description: opt(l.description), pin: l.pin,
      columns: l.columns.map((c) => (c.label === null ? c.field : { field: c.field, label: c.label })),
      groups: l.groupKeys, admission: l.admission, includeHidden: l.includeHidden,
    })),
  };
}

export type ExportEventService = ReturnType<typeof createExportEventService>;
