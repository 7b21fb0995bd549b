import {
  isQuizKind, POLL_CODE_PATTERN, QUESTION_TYPE, type LivePoll, type Poll, type QuizAnswerInput, type StoreFreeTextAnswerInput,
  type StorePollAnswerInput,
} from '~/contracts/polls';
import type { Features, Platform } from '~/contracts/event-settings';
import type { LRUCache } from 'lru-cache';
import { DomainError } from '~/server/errors';
import { boundedCache } from '~/server/shared/bounded-cache';
import { createReadModels, type ReadModels } from '~/server/shared/read-model-cache';
import { take, type Limiter } from '~/server/shared/limiter';
import { choiceAnswer, CHOICE_TYPES, freeTextAnswer, itemAnswer } from './answer-rules';
import type { CodedAccess } from './coded-access';
import type { AlternativeRecord, AnswerRecord, NewAnswer, PollRecord, PollRepository, TallyRecord } from './poll.repository';
import { toPollView } from './poll-view';
import { quizScore } from './scoring';

interface PollEvent {
  eventId: number;
  /** events.version as the request's event lookup read it: a change drops the event's cached polls. */
  version?: number;
}

/** An attendee's call: the event's flags and the caller's platform decide whether a sponsor's poll may be used. */
interface CallerEvent extends PollEvent {
  features: Features;
}

/** A poll with its alternatives (without counts) and, for quizzes and hunts, its items. */
interface PollShape {
  poll: PollRecord;
  alternatives: AlternativeRecord[];
  items: PollRecord[];
}

/** Poll shapes kept per event, the least recently used out first: more than an event has live at once. */
const SHAPES_PER_EVENT = 1000;

/**
 * How long a shape may be used without a change message (one lost in a broker reconnect): a
 * console's poll control drops it at once on every node (data-change `polls`).
 */
export const POLL_SHAPE_MAX_AGE_MS = 10_000;

interface Dependencies {
  repository: PollRepository;
  /** Where the poll shapes are kept per event (one registry per process, dropped by data-change `polls` and `stored`). */
  readModels?: ReadModels;
  /** Told about every poll whose tally moved; publishes coalesced (poll-tallies.ts). */
  tallies: { changed(eventId: number, pollId: number): void };
  /** Answers per attendee (every submit counts, successful or not). */
  limiter: Limiter;
  /** Who gave the code of a coded poll or quiz, and the limits on guessing codes. */
  coded: CodedAccess;
  clock: () => Date;
  /** Told once per submit that stored something (the votes/s of /metrics). */
  onStored?: () => void;
  /** Refuses (403) a sponsor's poll where its sponsor page's polls are off for the platform (the sponsors domain's rule). */
  requireSponsorPolls: (event: CallerEvent, platform: Platform) => void;
}

/** A poll with its items, alternatives (with running counts) and tallies: what results are made from. */
export interface PollTallies {
  poll: PollRecord;
  items: PollRecord[];
  alternatives: AlternativeRecord[];
  tallies: TallyRecord[];
}

export type { AlternativeRecord, PollRecord, TallyRecord };

type LiveQuestionType = Extract<LivePoll, { id: number }>['questionType'];

const invalid = (field: string, message: string) => new DomainError('poll.invalid', `${field}: ${message}`, { field });
const KIND_OF_TYPE: Record<number, 'poll' | 'quiz'> = { [QUESTION_TYPE.CODED_POLL]: 'poll', [QUESTION_TYPE.CODED_QUIZ]: 'quiz' };

/**
 * Polls, quizzes, treasure hunts, coded and rating polls (docs/product.md §3–§5, docs/decisions.md "Live
 * interaction"). One answer per attendee per poll or item, held by the database; the same
 * answer again answers 200 with the same result, a different one 409 `poll.conflict`; a closed
 * poll is 422 `poll.closed`; another event's poll is as unknown as a missing one (404).
 */
export function createPollService({ repository, tallies, limiter, coded, clock, onStored, requireSponsorPolls, readModels = createReadModels() }: Dependencies) {
  /** A sponsor's poll is its sponsor page's: usable only where that page's polls are on. */
  function requireUsable(event: CallerEvent, poll: PollRecord, platform: Platform): void {
    if (poll.sponsorId !== null) requireSponsorPolls(event, platform);
  }

  /**
   * Poll shapes per event, a read model: what an import changes bumps the version (every request
   * reads it; see event.service.ts), what the console changes (open, close, reset, results shown)
   * announces `polls`, which drops them on every node. Without a version (a caller outside a
   * request) nothing is kept.
   */
  const shapesByEvent = readModels.cache('poll-shapes', (): Promise<LRUCache<number, Promise<PollShape | undefined>>> =>
    Promise.resolve(boundedCache({ maxEntries: SHAPES_PER_EVENT })), { droppedBy: ['polls'], maxAgeMs: POLL_SHAPE_MAX_AGE_MS });

  function shapesOf({ eventId, version }: PollEvent): Promise<LRUCache<number, Promise<PollShape | undefined>>> | undefined {
    return version === undefined ? undefined : shapesByEvent.get({ eventId, version });
  }

  async function loadShape(eventId: number, id: number): Promise<PollShape | undefined> {
    const poll = await repository.findPoll(eventId, id);
    if (!poll) return undefined;
    const items = isQuizKind(poll.questionType) ? await repository.findItems(poll.id) : [];
    const alternatives = (await repository.findAlternatives([poll.id, ...items.map((i) => i.id)])).map((a) => ({ ...a, count: 0 }));
    return { poll, alternatives, items };
  }

  /** The poll's shape, from the read model when the event and its polls are unchanged. */
  async function shapeOf(event: PollEvent, id: number): Promise<PollShape | undefined> {
    const shapes = await shapesOf(event);
    if (!shapes) return loadShape(event.eventId, id);
    const held = shapes.get(id);
    if (held) return held;
    const found = loadShape(event.eventId, id);
    shapes.set(id, found);
    // A miss or a failure is not kept (a poll may be created later under the same version by tests' factories).
    const forget = () => { if (shapes.peek(id) === found) shapes.delete(id); };
    found.then((shape) => { if (!shape) forget(); }, forget);
    return found;
  }

  /** The poll as the caller sees it: its shape, with the running totals and the caller's answers read now (two queries). */
  async function view({ poll, items, alternatives }: PollShape, userId: number): Promise<Poll> {
    const ids = [poll.id, ...items.map((i) => i.id)];
    const [{ counts, tallies: talliesOf }, answers] = await Promise.all([repository.findTotals(ids), repository.findViewAnswers(userId, ids)]);
    return toPollView({ poll, items, tallies: talliesOf, answers, alternatives: alternatives.map((a) => ({ ...a, count: counts.get(a.id) ?? 0 })) });
  }

  async function findShape(event: PollEvent, id: number, field: string): Promise<PollShape> {
    const shape = await shapeOf(event, id);
    if (!shape) throw new DomainError('poll.not_found', 'No such poll', { field });
    return shape;
  }

  /** A top-level poll that takes answers now, after the caller's rate check. */
  async function answerable(event: CallerEvent, userId: number, id: number, field: string, platform: Platform): Promise<PollShape> {
    const key = `${event.eventId}:${userId}`;
    const retryAfter = await take(limiter, key);
    if (retryAfter > 0) throw new DomainError('poll.rate_limited', 'Too many answers; try again shortly', { retryAfter });
    const shape = await findShape(event, id, field);
    const { poll } = shape;
    if (poll.parentId !== null) throw invalid(field, 'this is an item of a quiz: answer it with quizAnswer');
    requireUsable(event, poll, platform);
    await coded.check(poll, userId, field);
    if (!poll.isOpen) throw new DomainError('poll.closed', 'This poll is closed', { pollId: poll.id });
    return shape;
  }

  function checkType(poll: PollRecord, questionType: number, allowed: readonly number[], hint: string): void {
    if (questionType !== poll.questionType) throw invalid('QuestionType', `poll ${poll.id} is of type ${poll.questionType}`);
    if (!allowed.includes(poll.questionType)) throw invalid('QuestionType', hint);
  }

  async function submit(event: PollEvent, userId: number, shape: PollShape, answers: NewAnswer[]): Promise<Poll> {
    const { poll } = shape;
    // A single poll's view is made from what the submit knows: its shape, the answer just stored
    // and the totals read in its transaction. Quizzes and hunts re-read (earlier items' answers).
    const single = !isQuizKind(poll.questionType);
    const outcome = await repository.submit(answers, clock().toISOString(), single ? [poll.id] : []);
    if (outcome.kind === 'conflict') {
      throw new DomainError('poll.conflict', 'You have already answered this differently', { pollId: outcome.pollId });
    }
    if (outcome.kind === 'stored') {
      onStored?.();
      for (const id of outcome.pollIds) tallies.changed(event.eventId, id);
    }
    if (!single || outcome.kind !== 'stored') return view(shape, userId);
    const { counts, tallies: talliesOf } = outcome.totals;
    const stored = answers.map(({ pollId, templateId, freeText, score, comment, alternativeIds }): AnswerRecord => ({
      pollId, templateId, freeText, score, comment, alternativeIds: [...alternativeIds].sort((a, b) => a - b),
    }));
    return toPollView({
      poll, items: [], tallies: talliesOf, answers: stored,
      alternatives: shape.alternatives.map((a) => ({ ...a, count: counts.get(a.id) ?? 0 })),
    });
  }

  /** The top-level poll a poll or quiz item belongs to: what a code gates. */
  async function ownerOf(event: PollEvent, { poll }: PollShape): Promise<PollRecord> {
    return poll.parentId === null ? poll : (await findShape(event, poll.parentId, 'id')).poll;
  }

  const own = (userId: number, templateId: number | null) => (answer: AnswerRecord): NewAnswer => ({ ...answer, userId, templateId });

  return {
    /**
     * GET liveGetPoll/{id}/{isCode}. With a code, only the event's open coded polls count
     * (docs/product.md §8): none is `poll.code_not_found`; one of the other kind than the entry asked for
     * (`expectedType` 4 poll, 5 quiz) is `poll.code_wrong_type` with `expected`. The right code
     * gives the attendee a pass to that poll; by id, a coded poll without the pass is 403
     * `poll.code_required`. Wrong codes count per attendee and per `address` (429 `poll.code_rate_limited`).
     * A sponsor's poll is refused (403) where its sponsor page's polls are off for `platform`.
     */
    async get(event: CallerEvent, userId: number, id: string, isCode: boolean, expectedType: number | undefined, address: string, platform: Platform): Promise<Poll> {
      if (!isCode) {
        if (!/^\d{1,9}$/.test(id)) throw invalid('id', 'must be a numeric id');
        const shape = await findShape(event, Number(id), 'id');
        const owner = await ownerOf(event, shape);
        requireUsable(event, owner, platform);
        await coded.check(owner, userId, 'id');
        return view(shape, userId);
      }
      if (!POLL_CODE_PATTERN.test(id)) throw invalid('id', 'a code has 4 digits');
      const guesser = `${event.eventId}:${userId}`;
      await coded.checkGuessLimit(guesser, address);
      const found = await repository.findOpenByCode(event.eventId, id, [QUESTION_TYPE.CODED_POLL, QUESTION_TYPE.CODED_QUIZ]);
      if (found.length === 0) {
        await coded.wrongCode(guesser, address);
        throw new DomainError('poll.code_not_found', 'Incorrect code', { field: 'id' });
      }
      const match = expectedType === undefined ? found[0]! : found.find((p) => p.questionType === expectedType);
      if (!match) {
        const expected = KIND_OF_TYPE[expectedType!]!;
        throw new DomainError('poll.code_wrong_type', `Incorrect ${expected} code`, { field: 'id', expected, found: KIND_OF_TYPE[found[0]!.questionType] });
      }
      requireUsable(event, match, platform);
      await coded.grant(match.id, userId, guesser);
      return view(await findShape(event, match.id, 'id'), userId);
    },

    /**
     * Results: the event's top-level poll by numeric id or access key, with its items,
     * alternatives and running tallies; undefined when the event has none such.
     */
    async talliesOf(eventId: number, idOrKey: string): Promise<PollTallies | undefined> {
      if (!/^[\w-]{1,100}$/.test(idOrKey)) return undefined;
      const poll = (/^\d{1,9}$/.test(idOrKey) ? await repository.findPoll(eventId, Number(idOrKey)) : undefined)
        ?? await repository.findByAccessKey(eventId, idOrKey);
      if (!poll || poll.parentId !== null) return undefined;
      const items = isQuizKind(poll.questionType) ? await repository.findItems(poll.id) : [];
      const ids = [poll.id, ...items.map((i) => i.id)];
      const [alternatives, tallies] = await Promise.all([repository.findAlternatives(ids), repository.findTallies(ids)]);
      return { poll, items, alternatives, tallies };
    },

    /** Whether a top-level poll of the event has this access key (docs/product.md §2 poll-access-key guard). */
    async hasAccessKey(eventId: number, accessKey: string): Promise<boolean> {
      return /^[\w-]{1,100}$/.test(accessKey) && (await repository.findByAccessKey(eventId, accessKey)) !== undefined;
    },

    /** A poll or quiz item of the event by id, with the access key of the top-level poll it belongs to. */
    async withOwnerKey(eventId: number, id: number): Promise<{ poll: PollRecord; ownerKey: string } | undefined> {
      const poll = await repository.findPoll(eventId, id);
      if (!poll) return undefined;
      const owner = poll.parentId === null ? poll : await repository.findPoll(eventId, poll.parentId);
      return owner && { poll, ownerKey: owner.accessKey };
    },

    /** These polls (or items) with their alternatives and tallies, only those of the event. */
    async talliesOfMany(eventId: number, ids: number[]): Promise<Omit<PollTallies, 'poll' | 'items'> & { polls: PollRecord[] }> {
      const polls = (await repository.findPolls(ids)).filter((p) => p.eventId === eventId);
      const own = polls.map((p) => p.id);
      const [alternatives, tallies] = await Promise.all([repository.findAlternatives(own), repository.findTallies(own)]);
      return { polls, alternatives, tallies };
    },

    /** The event's top-level polls, quizzes, hunts and templates, in their order. */
    list: (eventId: number): Promise<PollRecord[]> => repository.findTopLevel(eventId),

    /**
     * The stage's and web app's "Live now": the event's own open polls, quizzes and hunts in their
     * order (sponsor polls are on their sponsor's page; templates run from the results screens). A
     * coded one gives only its title and kind, so nothing of it shows before its code.
     */
    async liveNow(eventId: number): Promise<LivePoll[]> {
      const polls = await repository.findTopLevel(eventId);
      return polls.filter((p) => p.isOpen && !p.isTemplate && p.sponsorId === null).map((p): LivePoll => (
        p.questionType === QUESTION_TYPE.CODED_POLL || p.questionType === QUESTION_TYPE.CODED_QUIZ
          ? { title: p.title, questionType: p.questionType }
          : { id: p.id, title: p.title, questionType: p.questionType as LiveQuestionType, accessKey: p.accessKey }
      ));
    },

    /**
     * The /polls/{pollAccessKey} page: the event's top-level poll with that key, as the caller sees
     * it, or undefined (also for a coded poll whose code the caller never gave).
     */
    async byAccessKey(event: CallerEvent, userId: number, accessKey: string, platform: Platform): Promise<Poll | undefined> {
      if (!/^[\w-]{1,100}$/.test(accessKey)) return undefined;
      const poll = await repository.findByAccessKey(event.eventId, accessKey);
      if (!poll || !(await coded.mayUse(poll, userId))) return undefined;
      requireUsable(event, poll, platform);
      return view(await findShape(event, poll.id, 'accessKey'), userId);
    },

    /** Which of the listed polls (ids from the caller's event) the attendee has answered, e.g. for the sponsor polls tab. */
    answeredAmong(userId: number, pollIds: number[]): Promise<Set<number>> {
      return repository.answeredAmong(userId, pollIds);
    },

    /** POST liveStorePollAnswer: a multiple-answers, coded or rating poll. */
    async storePollAnswer(event: CallerEvent, userId: number, input: StorePollAnswerInput, platform: Platform): Promise<Poll> {
      const shape = await answerable(event, userId, input.PollID, 'PollID', platform);
      const { poll, alternatives } = shape;
      checkType(poll, input.QuestionType, CHOICE_TYPES, 'use liveStoreFreeTextAnswer or quizAnswer for this poll');
      const answer = choiceAnswer(poll, alternatives, input.Alternatives, input.Comment, { alternatives: 'Alternatives', comment: 'Comment' });
      return submit(event, userId, shape, [own(userId, null)(answer)]);
    },

    /** POST liveStoreFreeTextAnswer: an open-text poll. */
    async storeFreeTextAnswer(event: CallerEvent, userId: number, input: StoreFreeTextAnswerInput, platform: Platform): Promise<Poll> {
      const shape = await answerable(event, userId, input.PollID, 'PollID', platform);
      const { poll } = shape;
      checkType(poll, input.QuestionType, [QUESTION_TYPE.OPEN_TEXT], 'use liveStorePollAnswer or quizAnswer for this poll');
      return submit(event, userId, shape, [own(userId, null)(freeTextAnswer(poll, input.FreeText))]);
    },

    /**
     * POST quizAnswer / templateQuizAnswer. A quiz (or coded quiz) sends every item at once and
     * is final; a treasure hunt sends items as they are answered, each final. A single poll
     * (a rating run from a template) comes as its own one item. `templateId` must name one of
     * the event's templates and is recorded on every answer.
     */
    async quizAnswer(event: CallerEvent, userId: number, input: QuizAnswerInput, platform: Platform): Promise<Poll> {
      const shape = await answerable(event, userId, input.quizId, 'quizId', platform);
      const { poll } = shape;
      const templateId = input.templateId ?? null;
      if (templateId !== null && !(await shapeOf(event, templateId))?.poll.isTemplate) {
        throw new DomainError('poll.not_found', 'No such template', { field: 'templateId' });
      }
      const mine = own(userId, templateId);
      if (!isQuizKind(poll.questionType)) {
        if (input.items.length !== 1 || input.items[0]!.pollId !== poll.id) throw invalid('items', `send one item with pollId ${poll.id}`);
        return submit(event, userId, shape, [mine(itemAnswer(poll, shape.alternatives, input.items[0]!, 0))]);
      }
      const { items, alternatives } = shape;
      const seen = new Set<number>();
      const answers = input.items.map((sent, index) => {
        const item = items.find((i) => i.id === sent.pollId);
        if (!item) throw invalid(`items[${index}].pollId`, `not an item of quiz ${poll.id}`);
        if (seen.has(item.id)) throw invalid(`items[${index}].pollId`, 'answered twice');
        seen.add(item.id);
        return mine(itemAnswer(item, alternatives, sent, index));
      });
      if (poll.questionType === QUESTION_TYPE.TREASURE_HUNT) {
        // The hunt's own row marks the attendee as started; it may exist from an earlier item.
        const started: NewAnswer = { pollId: poll.id, userId, templateId, freeText: null, score: null, comment: null, alternativeIds: [], mayExist: true };
        return submit(event, userId, shape, [started, ...answers]);
      }
      if (answers.length !== items.length) throw invalid('items', `a quiz is submitted whole: answer all ${items.length} questions`);
      const score = quizScore(answers.map((a) => ({
        chosenIds: a.alternativeIds, correctIds: alternatives.filter((x) => x.pollId === a.pollId && x.isCorrect).map((x) => x.id),
      })));
      const submitted: NewAnswer = { pollId: poll.id, userId, templateId, freeText: null, score: score.correct, comment: null, alternativeIds: [] };
      return submit(event, userId, shape, [submitted, ...answers]);
    },
  };
}

export type PollService = ReturnType<typeof createPollService>;
