import type { Lead, SponsorPoll } from '~/contracts/sponsors';
import { apiFetch, eventApiUrl, memberJson } from '~/islands/http/api.client';

/**
 * The ids of this sponsor's polls and quizzes the viewer has answered: a kept sponsor page lists
 * them for anyone (none answered), and `GET sponsors/{id}/polls` and `/quizzes` answer per viewer.
 */
export async function fetchOwnAnswers(eventId: number, sponsorId: number): Promise<Set<number>> {
  const lists = await Promise.all(['polls', 'quizzes'].map((kind) => memberJson<SponsorPoll[]>(eventId, `sponsors/${sponsorId}/${kind}`)));
  return new Set(lists.flat().filter((poll) => poll.isAnswered).map((poll) => poll.value));
}

/** POST sponsors/{id}/contactForm: the lead form, sent without a page load. */
export async function sendLead(eventId: number, sponsorId: number, lead: Lead): Promise<'sent' | 'rateLimited' | 'failed'> {
  const response = await apiFetch(eventApiUrl(eventId, `sponsors/${sponsorId}/contactForm`), { method: 'POST', body: lead }).catch(() => null);
  if (!response) return 'failed';
  const body = (await response.json().catch(() => ({}))) as { data?: boolean };
  if (response.ok && body.data === true) return 'sent';
  return response.status === 429 ? 'rateLimited' : 'failed';
}

/** docs/product.md §7 sendContactMessage: a message to the sponsor, form-encoded. */
export const sendContactMessage = (eventId: number, sponsorId: number, message: string): Promise<unknown> =>
  memberJson(eventId, 'sendContactMessage', { method: 'POST', body: new URLSearchParams({ SponsorId: String(sponsorId), Message: message }) });

/** docs/product.md §7 sendContactInfo/{sponsorId}: the attendee's contact details to the sponsor. */
export const sendContactInfo = (eventId: number, sponsorId: number): Promise<unknown> => memberJson(eventId, `sendContactInfo/${sponsorId}`);

/** docs/product.md §7 requestMeeting/{userId}: asks one of the sponsor's people for a meeting. */
export const requestMeeting = (eventId: number, sponsorId: number, userId: number): Promise<unknown> =>
  memberJson(eventId, `requestMeeting/${userId}?sponsorId=${sponsorId}`);
