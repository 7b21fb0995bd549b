import { isQuizKind } from '~/contracts/polls';
import type { ResultsQuery } from '~/contracts/poll-results';
import { answerTime, fileStamp } from '~/lib/answer-time';
import { DomainError } from '~/server/errors';
import type { ResultsGrant } from '~/server/results-login/results-login.service';
import type { Cell, TableExport } from '~/server/shared/table-export';
import type { AlternativeRecord, PollRecord } from '~/server/polls/poll.service';
import type { AnswerFilter, ParticipantRecord, PollResultsRepository } from './poll-results.repository';
import type { PollResultsService } from './poll-results.service';
import { answerFilter } from './results-filter';
import { toRows } from './result-view';

/** docs/product.md §3 export kinds. */
export const EXPORT_KIND = { OPEN_TEXT: 1, QUIZ_LIST: 2, RESULTS: 3, MULTIPLE_ANSWERS: 4 } as const;
const KIND_NAMES: Record<number, string> = { 1: 'open-text', 2: 'quiz-list', 3: 'results', 4: 'answers' };
/** Rows read per batch: an export of any size holds about this many at once. */
export const EXPORT_BATCH = 1000;
/**
 * Participants per batch of the results table. Smaller than EXPORT_BATCH: what one batch makes
 * (rows, the sheet's row objects) lives while it is written, and batches of 1000 outlived enough
 * young-generation collections for V8 to grow its new space to the maximum (most of the XLSX
 * export's peak memory, docs/poll-results.md). Keyset paging makes a batch cost the same anywhere.
 */
export const PARTICIPANT_BATCH = 250;

/** A single batch: exports that are small by nature (counts, the quiz list). */
const once = <T>(rows: T[]): AsyncIterable<T[]> => ({
  [Symbol.asyncIterator]: () => {
    let done = false;
    return { next: () => Promise.resolve(done ? { done: true, value: undefined } : ((done = true), { done: false, value: rows })) };
  },
});

interface ExportEvent { eventId: number; eventSlug: string; timeZone: string }
/** What an export covers: `what` names the file, `title` the sheet; the questions are its columns or rows. */
interface ExportTarget { what: string; title: string; questions: PollRecord[]; alternatives: AlternativeRecord[] }

/** An export ready to stream: the file name (`x-filename`), the sheet, its header and row batches. */

/**
 * Exports of the results screens (docs/product.md §7, docs/decisions.md "Exports"): columns follow the
 * on-screen tables, rows come in batches read as the file is written (never all at once), names
 * are `<event>-<what>-<YYYYMMDD-HHmm>`. `t` gives the column headings in the event's language.
 */
export function createPollResultsExport({ repository, results, clock }: {
  repository: PollResultsRepository;
  results: Pick<PollResultsService, 'resolvePoll' | 'resolveTemplate' | 'templateResults' | 'index'>;
  clock: () => Date;
}) {
  const fileName = (event: ExportEvent, what: string, extension: string) =>
    `${event.eventSlug}-${what}-${fileStamp(clock(), event.timeZone)}.${extension}`.replace(/[^\w.-]/g, '_');

  /** GET export/quizList: the quizzes and polls the session may see, with their participants. */
  async function quizList(event: ExportEvent, grants: ResultsGrant[], t: (key: string) => string, extension: string): Promise<TableExport> {
    const index = await results.index(event, grants);
    return {
      fileName: fileName(event, 'quiz-list', extension), sheet: t('pollResults.quiz'),
      header: [t('pollResults.ratingTitle'), t('pollResults.accessKey'), t('pollResults.questionType')],
      batches: once(index.quizList.map((q): Cell[] => [q.title, q.accessKey, q.questionType])),
    };
  }

  /**
   * One export kind over a set of questions (a poll, a quiz's items, or the polls run from a
   * template) whose answers pass `filter`. `list` is the kind 2 file, when the target has one.
   */
  function questionsExport(event: ExportEvent, target: ExportTarget, kind: number, filter: AnswerFilter, t: (key: string) => string, extension: string, list?: () => Promise<TableExport>): Promise<TableExport> | TableExport {
    const { questions } = target;
    const ids = questions.map((q) => q.id);
    const name = fileName(event, `${target.what}-${KIND_NAMES[kind] ?? 'export'}`, extension);
    if (kind === EXPORT_KIND.OPEN_TEXT) {
      const titles = new Map(questions.map((q) => [q.id, q.title]));
      return {
        fileName: name, sheet: target.title,
        header: [t('pollResults.time'), t('pollResults.name'), t('pollResults.lastName'), t('pollResults.question'), t('pollResults.answersColumn'), t('pollResults.presented'), t('pollResults.hidden')],
        batches: (async function* () {
          for (let offset = 0; ; offset += EXPORT_BATCH) {
            const rows = await repository.textAnswers(ids, filter, EXPORT_BATCH, offset);
            if (rows.length > 0) {
              yield rows.map((a): Cell[] => [answerTime(a.createdAt, event.timeZone), a.firstName, a.lastName, titles.get(a.pollId) ?? '', a.freeText ?? a.comment ?? '', a.isSelected ? 1 : 0, a.isHidden ? 1 : 0]);
            }
            if (rows.length < EXPORT_BATCH) return;
          }
        })(),
      };
    }
    if (kind === EXPORT_KIND.RESULTS) {
      return {
        fileName: name, sheet: target.title,
        header: [t('pollResults.name'), t('pollResults.lastName'), t('pollResults.email'), ...questions.map((q) => q.title), t('pollResults.comments')],
        batches: (async function* () {
          for (let after: ParticipantRecord | undefined; ;) {
            const people = await repository.participantsAfter(event.eventId, ids, filter, after, PARTICIPANT_BATCH);
            if (people.length > 0) {
              const { rows, choices } = await repository.answersOf(ids, people.map((p) => p.userId), filter);
              yield toRows(people, rows, choices).map((r): Cell[] => [r.name, r.lastName, r.email, ...ids.map((id) => r.answers[String(id)] ?? ''), r.comment]);
            }
            if (people.length < PARTICIPANT_BATCH) return;
            after = people.at(-1);
          }
        })(),
      };
    }
    if (kind === EXPORT_KIND.MULTIPLE_ANSWERS) {
      return repository.countChoices(ids, filter).then((found) => {
        const counts = new Map(found.map((c) => [c.alternativeId, c.count]));
        const rows = questions.flatMap((q) => target.alternatives.filter((a) => a.pollId === q.id).map((a): Cell[] => [q.title, a.text, counts.get(a.id) ?? 0]));
        return { fileName: name, sheet: target.title, header: [t('pollResults.question'), t('pollResults.alternative'), t('pollResults.count')], batches: once(rows) };
      });
    }
    if (kind === EXPORT_KIND.QUIZ_LIST && list) return list();
    throw new DomainError('results.invalid', 'kind: must be 1 (open text), 2 (quiz list), 3 (results) or 4 (multiple answers)', { field: 'kind' });
  }

  /** A poll's export under a filter: the poll's own questions (a quiz's items), kind 2 the quiz list for quizzes. */
  async function ofPoll(event: ExportEvent, grants: ResultsGrant[], idOrKey: string, kind: number, filter: AnswerFilter, t: (key: string) => string, extension: string, what = ''): Promise<TableExport> {
    const found = await results.resolvePoll(event, grants, idOrKey);
    const target = { what: `${found.poll.accessKey}${what}`, title: found.poll.title, questions: found.items.length > 0 ? found.items : [found.poll], alternatives: found.alternatives };
    return questionsExport(event, target, kind, filter, t, extension, isQuizKind(found.poll.questionType) ? () => quizList(event, grants, t, extension) : undefined);
  }

  return {
    /** GET pollResults/{id}/export/{kind}: 1 open text, 3 results table, 4 answers per alternative; 2 the quiz list (quizzes). */
    pollExport(event: ExportEvent, grants: ResultsGrant[], idOrKey: string, kind: number, query: ResultsQuery, t: (key: string) => string, extension: string): Promise<TableExport> {
      return ofPoll(event, grants, idOrKey, kind, answerFilter(query), t, extension);
    },

    /** GET pollTemplateResults/{id}/export/{kind}: as pollExport, counting only answers given through a template (`templateId` narrows). */
    pollTemplateExport(event: ExportEvent, grants: ResultsGrant[], idOrKey: string, kind: number, query: ResultsQuery, t: (key: string) => string, extension: string): Promise<TableExport> {
      return ofPoll(event, grants, idOrKey, kind, answerFilter(query, { anyTemplate: true }), t, extension, '-via-template');
    },

    /**
     * GET templateResults/{id}/export/{kind}: the screen of templatePollResults as a file: the
     * polls answered through the template, counted from those answers only; kind 2 lists them.
     */
    async templateExport(event: ExportEvent, grants: ResultsGrant[], idOrKey: string, kind: number, query: ResultsQuery, t: (key: string) => string, extension: string): Promise<TableExport> {
      const { template, polls: ran, source } = await results.resolveTemplate(event, grants, idOrKey);
      const target = { what: `${template.accessKey}-template`, title: template.title, questions: ran, alternatives: source.alternatives };
      const list = (): TableExport => ({
        fileName: fileName(event, `${template.accessKey}-template-quiz-list`, extension), sheet: template.title,
        header: [t('pollResults.ratingTitle'), t('pollResults.accessKey'), t('pollResults.questionType')],
        batches: once(ran.map((p): Cell[] => [p.title, p.accessKey, p.questionType])),
      });
      return questionsExport(event, target, kind, answerFilter(query, { templateId: template.id }), t, extension, () => Promise.resolve(list()));
    },

    /** GET templateResults/{id}/export: the template's rating list (title, access key, average, answers), as templateResults/{id} gives it. */
    async templateRatingsExport(event: ExportEvent, grants: ResultsGrant[], idOrKey: string, query: ResultsQuery, t: (key: string) => string, extension: string): Promise<TableExport> {
      const { template } = await results.resolveTemplate(event, grants, idOrKey);
      const ratings = await results.templateResults(event, grants, idOrKey, query);
      return {
        fileName: fileName(event, `${template.accessKey}-template-ratings`, extension), sheet: ratings.templateTitle,
        header: [t('pollResults.ratingTitle'), t('pollResults.accessKey'), t('pollResults.average'), t('pollResults.count')],
        batches: once(ratings.templateResults.map((r): Cell[] => [r.title, r.accessKey, r.average, r.answerCount])),
      };
    },

    quizList,
  };
}
