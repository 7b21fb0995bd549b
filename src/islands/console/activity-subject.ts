import type { AuditEntry } from '~/contracts/console';
import type { Translate } from '~/lib/translate';
import { excerpt } from './moderated-entry';

/** Enough of a post to tell it from the others in a one-line activity row. */
const ACTIVITY_QUOTE_LENGTH = 60;

/** A text the audit row kept in its before or after state, or null when it has none. */
function kept(state: unknown, name: string): string | null {
  if (state === null || typeof state !== 'object') return null;
  const value = (state as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * What an activity row changed, in the organiser's words: the poll by its title, the stream or
 * holding picture as before → after, a post by the start of its text. The stored target
 * (`poll:12`) is the last resort, for a poll that is gone.
 */
export function activitySubject(entry: AuditEntry, pollTitles: ReadonlyMap<number, string>, t: Translate): string {
  const [area] = entry.action.split('.');
  if (area === 'poll') {
    const id = Number(entry.target.split(':')[1]);
    return pollTitles.get(id) ?? entry.target;
  }
  if (area === 'stage') {
    const name = entry.action === 'stage.holding' ? 'holdingImageUrl' : 'streamUrl';
    const side = (state: unknown) => kept(state, name) ?? t('console.activity.nothing');
    return t('console.activity.change', { before: side(entry.before), after: side(entry.after) });
  }
  if (area === 'timeline') {
    const message = kept(entry.after, 'message') ?? kept(entry.before, 'message');
    return message === null ? entry.target : t('console.activity.quoted', { message: excerpt(message, ACTIVITY_QUOTE_LENGTH) });
  }
  if (area === 'agenda') return kept(entry.after, 'title') ?? kept(entry.before, 'title') ?? entry.target;
  return entry.target;
}
