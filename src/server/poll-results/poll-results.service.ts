import type {
  OpenTextVote, PollResultsResponse, QuizStreamResponse, ResultPoll, ResultsIndexResponse, ResultsQuery, TemplateResultsResponse,
} from '~/contracts/poll-results';
import { PRESENT_TYPE, RESULTS_PAGE_SIZE } from '~/contracts/poll-results';
import { isQuizKind } from '~/contracts/polls';
import { DomainError } from '~/server/errors';
import type { PollRecord, PollService, PollTallies } from '~/server/polls/poll.service';
import type { Realtime } from '~/server/realtime/index';
import { grantsPoll, type ResultsGrant } from '~/server/results-login/results-login.service';
import type { AnswerFilter, PollResultsRepository } from './poll-results.repository';
import { answerFilter, narrows } from './results-filter';
import { averageOf, listEntry, toResultPoll, toRows, toVote, type ResultSource } from './result-view';

interface Dependencies {
  repository: PollResultsRepository;
  polls: Pick<PollService, 'talliesOf' | 'talliesOfMany' | 'withOwnerKey' | 'list'>;
  realtime: Pick<Realtime, 'publish'>;
  clock: () => Date;
}

interface ResultsEvent { eventId: number }

const notFound = () => new DomainError('results.not_found', 'Could not find poll to show', { field: 'id' });

/**
 * The organiser's results (docs/product.md §7 "Polls and results", docs/poll-results.md). Every call first
 * resolves the poll in the caller's event and checks the results grant covers its access key
 * (generic covers all); unfiltered counts come from the running tallies (through the polls
 * service), filtered ones are counted from the answers that pass the filter.
 */
export function createPollResultsService({ repository, polls, realtime }: Dependencies) {
  function allowed(grants: ResultsGrant[], accessKey: string): boolean {
    return grants.some((grant) => grantsPoll(grant, accessKey));
  }

  async function resolve(event: ResultsEvent, grants: ResultsGrant[], idOrKey: string): Promise<PollTallies> {
    const found = await polls.talliesOf(event.eventId, idOrKey);
    if (!found) throw notFound();
    if (!allowed(grants, found.poll.accessKey)) throw new DomainError('results.forbidden', 'This results login is for another poll');
    return found;
  }

  /** What the polls' results are made from under this filter. */
  async function sourceOf(pollIds: number[], base: Omit<ResultSource, 'texts'>, filter: AnswerFilter): Promise<ResultSource> {
    const texts = await repository.textAnswers(pollIds, filter);
    if (!narrows(filter)) return { ...base, texts };
    const [counts, tallies] = await Promise.all([repository.countChoices(pollIds, filter), repository.tally(pollIds, filter)]);
    return { alternatives: base.alternatives, tallies, counts: new Map(counts.map((c) => [c.alternativeId, c.count])), texts };
  }

  async function table(pollIds: number[], filter: AnswerFilter, query: ResultsQuery) {
    const page = query.page ?? 1;
    const size = query.size ?? RESULTS_PAGE_SIZE;
    const people = await repository.participants(pollIds, filter, page, size);
    const { rows, choices } = await repository.answersOf(pollIds, people.rows.map((p) => p.userId), filter);
    return { votesRegistrations: toRows(people.rows, rows, choices), votesTotal: people.total, page, size };
  }

  async function results(event: ResultsEvent, grants: ResultsGrant[], found: PollTallies, query: ResultsQuery, filter: AnswerFilter): Promise<PollResultsResponse> {
    const { poll, items } = found;
    const ids = [poll.id, ...items.map((i) => i.id)];
    const source = await sourceOf(ids, found, filter);
    const visible = (await polls.list(event.eventId)).filter((p) => !p.isTemplate && allowed(grants, p.accessKey));
    return {
      status: 'ok', poll: toResultPoll(poll, source), items: items.map((item) => toResultPoll(item, source)),
      ...(await table(items.length > 0 ? items.map((i) => i.id) : [poll.id], filter, query)),
      quizList: visible.map(listEntry),
    };
  }

  async function templateOf(event: ResultsEvent, grants: ResultsGrant[], idOrKey: string): Promise<{ template: PollRecord; polls: PollRecord[]; source: Omit<ResultSource, 'texts'> }> {
    const { poll: template } = await resolve(event, grants, idOrKey);
    if (!template.isTemplate) throw new DomainError('results.not_found', 'This poll is not a template', { field: 'id' });
    const ran = await polls.talliesOfMany(event.eventId, await repository.pollsOfTemplate(template.id));
    return { template, polls: ran.polls, source: ran };
  }

  return {
    /** The event's poll (or quiz) by id or key, checked against the grants: what exports start from. */
    resolvePoll: resolve,

    /** A template by id or key, checked against the grants, with the polls answered through it (404 for a non-template). */
    resolveTemplate: templateOf,

    /** GET pollResults/{id} and filteredPollResults/{id}: a poll, quiz or hunt with its table. */
    async pollResults(event: ResultsEvent, grants: ResultsGrant[], idOrKey: string, query: ResultsQuery): Promise<PollResultsResponse> {
      return results(event, grants, await resolve(event, grants, idOrKey), query, answerFilter(query));
    },

    /** GET pollTemplateResults/{id}: a poll's results counting only answers given through a template (`templateId` narrows to one). */
    async pollTemplateResults(event: ResultsEvent, grants: ResultsGrant[], idOrKey: string, query: ResultsQuery): Promise<PollResultsResponse> {
      return results(event, grants, await resolve(event, grants, idOrKey), query, answerFilter(query, { anyTemplate: true }));
    },

    /** GET templatePollResults/{id}: every poll run from the template {id}, with the table of their answers. */
    async templatePollResults(event: ResultsEvent, grants: ResultsGrant[], idOrKey: string, query: ResultsQuery): Promise<PollResultsResponse> {
      const { template, polls: ran, source } = await templateOf(event, grants, idOrKey);
      const filter = answerFilter(query, { templateId: template.id });
      const ids = ran.map((p) => p.id);
      // The filter always names the template, so counts come from the answers given through it.
      const counted = await sourceOf(ids, source, filter);
      return {
        status: 'ok', poll: toResultPoll(template, { ...counted, texts: [] }), items: ran.map((p) => toResultPoll(p, counted)),
        ...(await table(ids, filter, query)), quizList: ran.map(listEntry),
      };
    },

    /** GET templateResults/{id}: the rating list of a template (title and average per poll run from it). */
    async templateResults(event: ResultsEvent, grants: ResultsGrant[], idOrKey: string, query: ResultsQuery): Promise<TemplateResultsResponse> {
      const { template, polls: ran } = await templateOf(event, grants, idOrKey);
      const tallies = await repository.tally(ran.map((p) => p.id), answerFilter(query, { templateId: template.id }));
      return {
        templateTitle: template.title,
        templateResults: ran.map((p) => {
          const t = tallies.find((x) => x.pollId === p.id);
          return { pollId: p.id, accessKey: p.accessKey, title: p.title, average: averageOf(t?.scoreSum ?? 0, t?.answerCount ?? 0), answerCount: t?.answerCount ?? 0 };
        }),
      };
    },

    /** GET pollStream/{id}: one poll's open-text answers (or comments), visible first, then newest. */
    async pollStream(event: ResultsEvent, grants: ResultsGrant[], idOrKey: string, query: ResultsQuery): Promise<ResultPoll> {
      const found = await resolve(event, grants, idOrKey);
      if (isQuizKind(found.poll.questionType)) throw new DomainError('results.invalid', 'id: a quiz or hunt streams through quizStream', { field: 'id' });
      return toResultPoll(found.poll, await sourceOf([found.poll.id], found, answerFilter(query)));
    },

    /** GET quizStream/{id}: a quiz's or hunt's items with results; averages of its rating items. */
    async quizStream(event: ResultsEvent, grants: ResultsGrant[], idOrKey: string, query: ResultsQuery): Promise<QuizStreamResponse> {
      const found = await resolve(event, grants, idOrKey);
      if (!isQuizKind(found.poll.questionType)) throw new DomainError('results.invalid', 'id: a single poll streams through pollStream', { field: 'id' });
      const filter = answerFilter(query);
      const ids = [found.poll.id, ...found.items.map((i) => i.id)];
      const source = await sourceOf(ids, found, filter);
      const items = found.items.map((item) => toResultPoll(item, source));
      const averages = items.map((i) => i.average).filter((a): a is number => a !== null);
      const ratings = source.tallies.filter((t) => found.items.some((i) => i.id === t.pollId && i.questionType === 10));
      return {
        title: found.poll.title, templateTitle: null, items,
        showAverage: found.items.some((i) => i.questionType === 10),
        average: averageOf(averages.reduce((s, a) => s + a, 0), averages.length),
        totalAverage: averageOf(ratings.reduce((s, t) => s + t.scoreSum, 0), ratings.reduce((s, t) => s + t.answerCount, 0)),
        participantsCount: source.tallies.find((t) => t.pollId === found.poll.id)?.answerCount ?? 0,
      };
    },

    /** The event's groups (the groups filter of every results screen). */
    groups: (event: ResultsEvent) => repository.groups(event.eventId),

    /** GET pollResults: the lists of the generic results page (a per-poll login sees its own poll only). */
    async index(event: ResultsEvent, grants: ResultsGrant[]): Promise<ResultsIndexResponse> {
      const all = (await polls.list(event.eventId)).filter((p) => allowed(grants, p.accessKey));
      const rated = all.filter((p) => p.questionType === 10 && !p.isTemplate);
      const { tallies } = await polls.talliesOfMany(event.eventId, rated.map((p) => p.id));
      return {
        status: 'ok', quizList: all.filter((p) => !p.isTemplate).map(listEntry), templates: all.filter((p) => p.isTemplate).map(listEntry),
        groups: await repository.groups(event.eventId),
        ratings: rated.map((p) => {
          const t = tallies.find((x) => x.pollId === p.id);
          return { pollId: p.id, title: p.title, average: averageOf(t?.scoreSum ?? 0, t?.answerCount ?? 0), answerCount: t?.answerCount ?? 0 };
        }),
      };
    },

    /**
     * POST togglePollAnswerPresentation/{pollId} (docs/decisions.md): 1 present (toggle), 0
     * unpresent, 2 hide, 3 list again; a hidden answer is never presented. Publishes
     * `poll-answer-change` so every organiser screen and the stage follow.
     */
    async togglePresentation(event: ResultsEvent, grants: ResultsGrant[], pollId: number, input: { AnswerId: number; PresentType: number }): Promise<OpenTextVote> {
      const owner = await polls.withOwnerKey(event.eventId, pollId);
      if (!owner) throw notFound();
      if (!allowed(grants, owner.ownerKey)) throw new DomainError('results.forbidden', 'This results login is for another poll');
      const answer = await repository.findAnswer(pollId, input.AnswerId);
      if (!answer) throw new DomainError('results.not_found', 'No such answer', { field: 'AnswerId' });
      let { isSelected, isHidden } = answer;
      if (input.PresentType === PRESENT_TYPE.PRESENT) isSelected = !isSelected;
      if (input.PresentType === PRESENT_TYPE.UNPRESENT) isSelected = false;
      if (input.PresentType === PRESENT_TYPE.HIDE) [isHidden, isSelected] = [true, false];
      if (input.PresentType === PRESENT_TYPE.LIST_AGAIN) isHidden = false;
      if (isSelected && isHidden) throw new DomainError('results.conflict', 'A hidden answer cannot be presented; list it again first', { field: 'PresentType' });
      await repository.setFlags(pollId, answer.answerId, { isSelected, isHidden });
      const after = { ...answer, isSelected, isHidden };
      await realtime.publish(event.eventId, 'poll-answer-change', {
        pollId, answerId: answer.answerId, isSelected, isHidden,
        // Everyone on the channel hears this (the projector may be a results screen): a hidden author goes unnamed.
        presented: isSelected ? { label: answer.freeText ?? answer.comment ?? '', author: answer.isAuthorHidden ? '' : `${answer.firstName} ${answer.lastName}`.trim() } : null,
      });
      return toVote(after);
    },
  };
}

export type PollResultsService = ReturnType<typeof createPollResultsService>;
