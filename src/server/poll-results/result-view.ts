import type { OpenTextVote, ParticipantRow, QuizListEntry, ResultComment, ResultPoll } from '~/contracts/poll-results';
import type { AlternativeRecord, PollRecord } from '~/server/polls/poll.service';
import type { AnswerRow, ChoiceRecord, ParticipantRecord, TallyRecord } from './poll-results.repository';

const RATING = 10;

/** Two decimals (docs/decisions.md), null without answers. */
export const averageOf = (sum: number, count: number): number | null => (count > 0 ? Math.round((sum / count) * 100) / 100 : null);

export const toVote = (a: AnswerRow): OpenTextVote => ({
  answerId: a.answerId, pollId: a.pollId, label: a.freeText ?? '', isSelected: a.isSelected, isHidden: a.isHidden,
  createdOn: a.createdAt, createdByName: a.firstName, createdByLastname: a.lastName,
});

const toComment = (a: AnswerRow): ResultComment => ({ answerId: a.answerId, comment: a.comment ?? '', createdOn: a.createdAt, isHidden: a.isHidden });

export const listEntry = (p: PollRecord): QuizListEntry => ({ id: p.id, title: p.title, questionType: p.questionType, accessKey: p.accessKey, isTemplate: p.isTemplate });

/** What one poll's results are made from; `counts` per alternative id overrides the running tallies when filtered. */
export interface ResultSource {
  alternatives: AlternativeRecord[];
  tallies: TallyRecord[];
  counts?: Map<number, number>;
  texts: AnswerRow[];
}

/** One poll's results as the organiser sees them (counts whatever `publicResults` says). */
export function toResultPoll(poll: PollRecord, source: ResultSource): ResultPoll {
  const alternatives = source.alternatives.filter((a) => a.pollId === poll.id)
    .map((a) => ({ id: a.id, text: a.text, value: a.value, color: a.color, count: source.counts ? (source.counts.get(a.id) ?? 0) : a.count }));
  const tally = source.tallies.find((t) => t.pollId === poll.id);
  const texts = source.texts.filter((a) => a.pollId === poll.id);
  return {
    id: poll.id, title: poll.title, question: poll.question, questionType: poll.questionType, accessKey: poll.accessKey,
    isTemplate: poll.isTemplate, isOpen: poll.isOpen, alternatives,
    allVoteCount: alternatives.reduce((sum, a) => sum + a.count, 0),
    participantsCount: tally?.answerCount ?? 0,
    average: poll.questionType === RATING ? averageOf(tally?.scoreSum ?? 0, tally?.answerCount ?? 0) : null,
    votes: texts.filter((a) => a.freeText !== null).map(toVote),
    comments: texts.filter((a) => a.comment !== null && a.comment !== '').map(toComment),
  };
}

function groupBy<T, K>(list: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of list) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Table rows (docs/product.md §2): name, last name, e-mail, each poll's answer, comments. */
export function toRows(people: ParticipantRecord[], answers: AnswerRow[], choices: ChoiceRecord[]): ParticipantRow[] {
  const answersBy = groupBy(answers, (a) => a.userId);
  const choicesBy = groupBy(choices, (c) => `${c.userId}:${c.pollId}`);
  return people.map((person) => {
    const own = answersBy.get(person.userId) ?? [];
    const answerTexts: Record<string, string> = {};
    for (const a of own) {
      const chosen = (choicesBy.get(`${person.userId}:${a.pollId}`) ?? []).map((c) => c.text);
      const text = chosen.length > 0 ? chosen.join(', ') : (a.freeText ?? '');
      if (text) answerTexts[String(a.pollId)] = text;
    }
    const comment = own.map((a) => a.comment).filter((c): c is string => !!c).join(' | ');
    return { userId: person.userId, name: person.firstName, lastName: person.lastName, email: person.email, answers: answerTexts, comment };
  });
}
