import type { TimelineRecord } from '~/server/timeline/timeline.repository';

/** A post of event 1 (a comment with `inReplyTo`), created `id` seconds after 09:00, with text JSON must escape. */
export function record(id: number, overrides: Partial<TimelineRecord> = {}): TimelineRecord {
  return {
    id, eventId: 1, inReplyTo: null, message: `post ${id} "quoted" <b>`, imageUrls: [], isPromo: false, linkMode: null, promoLink: null,
    promoLinkText: null, platforms: ['digital', 'webApp'], createdAt: new Date(Date.UTC(2026, 0, 1, 9, 0, id)).toISOString(), likes: id % 3,
    author: { id: 40 + id, firstName: 'Ada', lastName: 'L', picture: null, jobTitle: null, company: 'Ünïcode AS' },
    ...overrides,
  };
}
