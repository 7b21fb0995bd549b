import type { SponsorPoll } from '~/contracts/sponsors';
import { memberJson } from '~/islands/http/api.client';

/**
 * The ids of this sponsor's polls and quizzes the viewer has answered: a kept sponsor page lists
 * them for anyone (none answered), and `GET sponsors/{id}/polls` and `/quizzes` answer per viewer.
 */
export async function fetchOwnAnswers(eventId: number, sponsorId: number): Promise<Set<number>> {
  const lists = await Promise.all(['polls', 'quizzes'].map((kind) => memberJson<SponsorPoll[]>(eventId, `sponsors/${sponsorId}/${kind}`)));
  return new Set(lists.flat().filter((poll) => poll.isAnswered).map((poll) => poll.value));
}
