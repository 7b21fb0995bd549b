import type { ConsoleTimelineComment } from '~/contracts/console';
import { messageText } from '~/islands/timeline/relative-time';
import type { Translate } from '~/lib/translate';

/** A post or a comment, as far as the console shows it. */
export type ModeratedEntry = ConsoleTimelineComment;

/** Long enough to recognise a post in a confirmation, short enough to keep the buttons in sight at 390 px. */
const QUOTE_LENGTH = 120;

/** Who wrote it; an announcement pinned from the console has no author of its own. */
export function authorOf(entry: Pick<ModeratedEntry, 'Author'>, t: Translate): string {
  return entry.Author ? `${entry.Author.Firstname} ${entry.Author.Lastname}` : t('console.timeline.organiser');
}

/** Cuts a text at a word near `length` and marks the cut (no dash or comma left hanging before it). */
export function excerpt(text: string, length = QUOTE_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/u, '')}…`;
}

/** What a confirmation quotes, so the organiser sees which post they are about to change. */
export function quoteOf(entry: ModeratedEntry, t: Translate): string {
  const message = excerpt(messageText(entry.Message));
  return message === ''
    ? t('console.timeline.quotePictures', { author: authorOf(entry, t) })
    : t('console.timeline.quote', { author: authorOf(entry, t), message });
}
