import type { ResultsQuery } from '~/contracts/poll-results';
import { DomainError } from '~/server/errors';
import type { AnswerFilter } from './poll-results.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The answer filter of a results query (docs/product.md §5: dates both or neither, checked by the schema).
 * A bare date is a whole UTC day: `toDate` 2025-06-02 includes that day. `toDate` before
 * `fromDate` is a 400 naming toDate.
 */
export function answerFilter(query: ResultsQuery, extra: Partial<AnswerFilter> = {}): AnswerFilter {
  const filter: AnswerFilter = { ...extra };
  if (query.groups && query.groups.length > 0) filter.groups = query.groups;
  if (query.templateId !== undefined) filter.templateId = query.templateId;
  if (query.fromDate !== undefined && query.toDate !== undefined) {
    const from = Date.parse(query.fromDate);
    const to = Date.parse(query.toDate) + (isDateOnly(query.toDate) ? DAY_MS : 1);
    if (to <= from) throw new DomainError('request.invalid', 'toDate: must not be before fromDate', { field: 'toDate' });
    filter.from = new Date(from).toISOString();
    filter.to = new Date(to).toISOString();
  }
  return filter;
}

/** True when the filter narrows the answers, so running tallies cannot serve it. */
export const narrows = (filter: AnswerFilter): boolean =>
  filter.from !== undefined || (filter.groups?.length ?? 0) > 0 || filter.templateId !== undefined || filter.anyTemplate === true;
