import { formatDay } from '~/lib/dates';

/**
 * The day a native date input holds, written out in the page's language beside it: the input
 * itself shows the browser's locale (docs/agenda.md "Date inputs"). Give the input
 * `aria-describedby={id}`.
 */
export function ChosenDay({ id, day, locale }: { id: string; day: string; locale: string }) {
  return <span id={id} className="chosen-day">{formatDay(day, 'chosenDay', locale)}</span>;
}
