import { isQuizKind, type Poll, type PollCounts, type QuestionType } from '~/contracts/polls';
import type { AlternativeRecord, AnswerRecord, PollRecord, TallyRecord } from './poll.repository';
import { average, quizScore } from './scoring';

/** Everything one poll view is made from, loaded in a fixed number of queries. */
export interface PollBundle {
  poll: PollRecord;
  items: PollRecord[];
  alternatives: AlternativeRecord[];
  tallies: TallyRecord[];
  answers: AnswerRecord[];
}

const correctIds = (alternatives: AlternativeRecord[], pollId: number) =>
  alternatives.filter((a) => a.pollId === pollId && a.isCorrect).map((a) => a.id);

/** The tally of one poll as realtime events carry it; counts only when results are public. */
export function pollCounts(poll: PollRecord, alternatives: AlternativeRecord[], tally: TallyRecord | undefined, isPublic: boolean): PollCounts {
  const own = alternatives.filter((a) => a.pollId === poll.id);
  const base = { pollId: poll.id, parentId: poll.parentId, participantsCount: tally?.answerCount ?? 0 };
  if (!isPublic) return base;
  return {
    ...base,
    allVoteCount: own.reduce((sum, a) => sum + a.count, 0),
    counts: own.map((a) => ({ id: a.id, count: a.count })),
    average: poll.questionType === 10 ? average(tally?.scoreSum ?? 0, tally?.answerCount ?? 0) : null,
  };
}

function view(poll: PollRecord, bundle: PollBundle, isPublic: boolean, items: Poll['items']): Poll {
  const answer = bundle.answers.find((a) => a.pollId === poll.id);
  const tally = bundle.tallies.find((t) => t.pollId === poll.id);
  const counts = pollCounts(poll, bundle.alternatives, tally, isPublic);
  const isQuiz = isQuizKind(poll.questionType);
  const isAnswered = poll.questionType === 3 ? items.length > 0 && items.every((i) => i.poll.isAnswered) : answer !== undefined;
  const score = isQuiz && poll.questionType !== 3 && isAnswered && isPublic
    ? quizScore(items.map((i) => ({ correctIds: correctIds(bundle.alternatives, i.pollId), chosenIds: i.poll.selectedAnswer })))
    : null;
  return {
    id: poll.id, parentId: poll.parentId, title: poll.title, question: poll.question, description: poll.description,
    pollType: poll.questionType as QuestionType, questionType: poll.questionType as QuestionType,
    alternatives: bundle.alternatives.filter((a) => a.pollId === poll.id)
      .map((a) => ({ id: a.id, text: a.text, count: isPublic ? a.count : null, value: a.value, color: a.color })),
    publicResults: isPublic,
    selectedAnswer: answer?.alternativeIds ?? [],
    freeTextAnswer: answer?.freeText ?? null,
    comment: answer?.comment ?? null,
    isAnswered,
    isOpen: poll.isOpen,
    isCommentsEnabled: poll.isCommentsEnabled,
    hasOneCorrectAnswer: correctIds(bundle.alternatives, poll.id).length === 1,
    templateId: answer?.templateId ?? null,
    isTemplate: poll.isTemplate,
    accessKey: poll.accessKey,
    average: counts.average ?? null,
    items,
    allVoteCount: counts.allVoteCount ?? null,
    participantsCount: counts.participantsCount,
    score,
  };
}

/**
 * The poll as the caller sees it (docs/product.md §3 Poll). Items of a quiz follow the quiz's
 * `publicResults`; `isCorrect` never leaves the server, only the caller's `score` does.
 */
export function toPollView(bundle: PollBundle): Poll {
  const { poll } = bundle;
  const items = bundle.items.map((item) => ({ id: item.id, pollId: item.id, poll: view(item, bundle, poll.isPublicResults, []) }));
  return view(poll, bundle, poll.isPublicResults, items);
}
