import type { EventFile } from '~/contracts/event-file';
import { DEFAULT_SHARED_LIST_COLUMNS } from '~/contracts/shared-lists';
import { CATEGORY_TYPES, LANGUAGE_IDS, QUESTION_TYPES } from '~/contracts/event-settings';
import { sanitizeOptional, sanitizeRichText } from '~/server/shared/sanitize-html';

/*
 * Pure mapping from a validated, time-resolved event file to column values. Keys of other
 * entities have already become ids (`ids`); the repository only executes.
 */

type Of<K extends keyof EventFile> = EventFile[K] extends readonly (infer T)[] ? T : never;
export type FileUser = Of<'users'>;
export type FilePoll = Of<'polls'>;
export type FilePollItem = FilePoll['items'][number];
export type FilePost = Of<'timeline'>;
export type FileComment = FilePost['comments'][number];
export type FileSponsor = Of<'sponsors'>;

const orNull = <T>(value: T | undefined): T | null => value ?? null;
const json = (value: unknown) => JSON.stringify(value);
/** Rich text is sanitised when written (docs/decisions.md), so every reader gets safe HTML. */
const richOrNull = (value: string | undefined): string | null => (value === undefined ? null : sanitizeRichText(value));
/**
 * Descriptions are sanitised here, once, when written: pages and calls send them as
 * stored. Null when nothing readable is left, so "More info" can be hidden without a second look.
 */
const descriptionOrNull = (value: string | undefined): string | null => (value === undefined ? null : sanitizeOptional(value));

/** undefined: leave the stored column as it is (the file named no such password). */
const keptUnlessGiven = <K extends string>(column: K, hash: string | null | undefined) =>
  (hash === undefined ? {} : { [column]: hash }) as Partial<Record<K, string | null>>;

export function eventValues(file: EventFile, resultsPasswordHash: string | null, now: string, participantsPasswordHash?: string | null) {
  return {
    slug: file.slug, reg_event_code: orNull(file.regEventCode), name: file.name, language_id: LANGUAGE_IDS[file.language],
    time_zone: file.timeZone, logo_url: orNull(file.logoUrl), favicon_url: orNull(file.faviconUrl),
    login_caption: richOrNull(file.loginCaption), lobby_banner_text: richOrNull(file.lobbyBannerText), stream_url: orNull(file.streamUrl),
    holding_image_url: orNull(file.holdingImageUrl), gamification_url: orNull(file.gamificationUrl), about_online_event: richOrNull(file.aboutOnlineEvent),
    is_active: file.active ?? false, is_registration_open: file.registrationOpen ?? false, capacity: file.capacity ?? null, start_date: file.start, end_date: file.end,
    is_two_factor: file.twoFactor ?? false, live_lobby: file.liveLobby ?? false, live_stage: file.liveStage ?? false,
    live_web_app: file.liveWebApp ?? false, live_faq_category: orNull(file.liveFAQCategory), terms_text: richOrNull(file.termsText),
    results_password_hash: resultsPasswordHash, captions: json(file.captions), features: json(file.features),
    branding: json(file.branding), updated_at: now,
    ...keptUnlessGiven('participants_password_hash', participantsPasswordHash),
  };
}

export function lobbyElementValues(element: Of<'lobbyElements'>, position: number, sponsorIds: Map<string, number>) {
  const { topSponsorOptions, ...options } = element.options;
  // docs/product.md §3 stores top sponsors by id; the file names them by key.
  const stored = topSponsorOptions ? { ...options, topSponsorOptions: topSponsorOptions.map((o) => ({ sponsorId: sponsorIds.get(o.sponsor)! })) } : options;
  return { key: element.key, position, type: element.type, category: orNull(element.category), options: json(stored) };
}

export function userValues(user: FileUser, passwordHash: string | null | undefined) {
  return {
    email: user.email, first_name: user.firstName, last_name: user.lastName, title: orNull(user.title), about: orNull(user.about),
    about2: orNull(user.about2), phone: orNull(user.phone), company: orNull(user.company), job_title: orNull(user.jobTitle),
    address1: orNull(user.address1), picture: orNull(user.picture), linkedin: orNull(user.linkedin), facebook: orNull(user.facebook),
    instagram: orNull(user.instagram), twitter: orNull(user.twitter), calculated_fields: json(user.calculatedFields),
    is_organiser: user.organiser ?? false,
    // Hidden is the attendee's own choice (toggleUserVisibility): a file that does not set it keeps it (new rows: event-file.repository's defaults).
    ...(user.hidden === undefined ? {} : { is_hidden: user.hidden }),
    // undefined: keep the stored hash (the file gave neither password nor passwordHash).
    ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
  };
}

export const categoryValues = (c: Of<'categories'>, position: number) =>
  ({ key: c.key, name: c.name, category_type: CATEGORY_TYPES[c.type], is_public: c.public ?? false, position });

export const trackValues = (t: Of<'tracks'>, position: number) =>
  ({ key: t.key, title: t.title, header_background_color: orNull(t.color), is_title_hidden: t.hideTitle ?? false, position });

export const speakerValues = (s: Of<'speakers'>, position: number) => ({
  key: s.key, first_name: s.firstName, last_name: s.lastName, job_title: orNull(s.jobTitle), company: orNull(s.company),
  description: descriptionOrNull(s.description), phone: orNull(s.phone), email: orNull(s.email), image_url: orNull(s.imageUrl),
  links: json(s.links), position,
});

export const sessionValues = (s: Of<'sessions'>, trackId: number | null) => ({
  key: s.key, track_id: trackId, title: s.title, subtitle: orNull(s.subtitle), description: descriptionOrNull(s.description),
  start_date: s.start, end_date: s.end, live_url: orNull(s.liveUrl), seat_limit: s.seatLimit, keywords: orNull(s.keywords),
});

export const sponsorValues = (s: FileSponsor) => ({
  key: s.key, name: s.name, logo_url: orNull(s.logoUrl), position: s.order, address: orNull(s.address), phone: orNull(s.phone),
  email: orNull(s.email), website: orNull(s.website), links: json(s.links), description: descriptionOrNull(s.description),
  stream_url: orNull(s.streamUrl), live_url: orNull(s.liveUrl), has_lead_form: s.leadForm,
});

export const meetingRoomValues = (r: FileSponsor['meetingRooms'][number]) =>
  ({ key: r.key, name: r.name, room_url: r.url, start_date: orNull(r.start), end_date: orNull(r.end) });

export const infoPageValues = (p: Of<'infoPages'>, position: number) =>
  ({ key: p.key, heading: p.heading, body: sanitizeRichText(p.body), category: orNull(p.category), platforms: json(p.platforms), position });

export const documentValues = (d: Of<'documents'>, sponsorId: number | null) => ({
  key: d.key, name: d.name, file_url: d.fileUrl, preview_url: orNull(d.previewUrl), doc_type: d.type, sponsor_id: sponsorId,
  platforms: json(d.platforms),
  // Without a date in the file the first import's moment stays (set as a default on insert).
  ...(d.uploadedAt === undefined ? {} : { uploaded_at: d.uploadedAt }),
});

export const sharedListValues = (l: Of<'sharedLists'>, position: number) => ({
  key: l.key, position, name: l.name, description: orNull(l.description), pin: l.pin,
  columns: json((l.columns ?? DEFAULT_SHARED_LIST_COLUMNS).map((c) => (typeof c === 'string' ? { field: c, label: null } : c))),
  group_keys: json(l.groups), admission: l.admission, include_hidden: l.includeHidden ?? false,
});

export const groupValues = (g: Of<'groups'>) => ({ key: g.key, name: g.name, is_public: g.public ?? false });

export const pollValues = (p: FilePoll | FilePollItem, parentId: number | null, sponsorId: number | null, position: number, accessKey: string, resultsPasswordHash?: string | null) => ({
  key: p.key, parent_id: parentId, sponsor_id: sponsorId, position, title: p.title, question: p.question,
  description: orNull(p.description), question_type: QUESTION_TYPES[p.type], access_key: accessKey, code: orNull(p.code),
  is_public_results: p.publicResults ?? false, is_comments_enabled: p.commentsEnabled ?? false, is_open: p.open ?? false,
  is_template: p.template ?? false, ...keptUnlessGiven('results_password_hash', resultsPasswordHash),
});

export const alternativeValues = (a: FilePoll['alternatives'][number]) =>
  ({ text: a.text, value: orNull(a.value), color: orNull(a.color), is_correct: a.correct ?? false });

export const postValues = (p: FilePost, authorId: number | null) => ({
  key: p.key, author_id: authorId, in_reply_to: null, message: p.message, image_urls: json(p.imageUrls), is_promo: p.promo ?? false,
  link_mode: orNull(p.linkMode), promo_link: orNull(p.promoLink), promo_link_text: orNull(p.promoLinkText),
  platforms: json(p.platforms), created_at: p.createdAt,
});

export const commentValues = (c: FileComment, authorId: number | null, postId: number) => ({
  key: c.key, author_id: authorId, in_reply_to: postId, message: c.message, image_urls: '[]', is_promo: 0, link_mode: null,
  promo_link: null, promo_link_text: null, platforms: '["digital"]', created_at: c.createdAt,
});

export const selfieOverlayValues = (o: Of<'selfieOverlays'>, position: number) =>
  ({ key: o.key, name: o.name, image_url: o.imageUrl, position });
