import * as v from 'valibot';
import { EventFileSchema, type EventFile } from '~/contracts/event-file';
import { crossReferenceIssues } from './cross-references';
import { resolveFileTimes } from './resolve-file-times';

export type EventFileValidation = { ok: true; file: EventFile } | { ok: false; issues: string[] };

/** `users[3].email` from a valibot issue path; `(file)` when the issue concerns the whole file. */
function fieldPath(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key: unknown = item.key;
    if (typeof key === 'number') path += `[${key}]`;
    else if (typeof key === 'string') path += path === '' ? key : `.${key}`;
  }
  return path === '' ? '(file)' : path;
}

/**
 * Checks an event file completely: the schema, then references between its entities. On
 * success the file comes back with every time resolved against `now` (UTC ISO strings).
 */
export function validateEventFile(input: unknown, now: Date): EventFileValidation {
  const parsed = v.safeParse(EventFileSchema, input);
  if (!parsed.success) return { ok: false, issues: parsed.issues.map((issue) => `${fieldPath(issue)}: ${issue.message}`) };
  const file = resolveFileTimes(parsed.output, now);
  const issues = crossReferenceIssues(file);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, file };
}
