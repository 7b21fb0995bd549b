import { fetchAgenda } from '~/islands/agenda/agenda.store';
import { pageOrigin, sponsorHref } from '~/lib/sponsor-origin';
import { playStream } from '~/islands/stream/stream.store';
import type { PromotedTarget } from './promoted-link';

/**
 * docs/product.md §4 "setting a promoted page": a session with a live URL switches the stream (else the
 * stage opens on that session, which finds it or falls back to the main stage); a sponsor goes to
 * the sponsor page; a plain link opens (another site in a new tab). Answers false for the kinds
 * the panel shows instead.
 */
export async function followTarget(eventId: number, target: PromotedTarget): Promise<boolean> {
  if (target.kind === 'sponsor') {
    window.location.assign(sponsorHref(target.id, pageOrigin(new URL(window.location.href), true)));
    return true;
  }
  if (target.kind === 'link') {
    if (/^https?:/.test(target.url)) window.open(target.url, '_blank', 'noopener');
    else window.location.assign(target.url);
    return true;
  }
  if (target.kind !== 'session') return false;
  const agenda = await fetchAgenda(eventId).catch(() => null);
  const session = agenda && Object.values(agenda.agenda).flatMap((day) => Object.values(day).flat()).find((s) => s.id === target.id);
  if (session?.liveUrl) playStream({ url: session.liveUrl, title: session.title, sessionId: session.id });
  else window.location.assign(`/stage?session=${target.id}`);
  return true;
}
