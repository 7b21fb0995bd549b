import type { PromotedPollKind } from '~/islands/polls/PromotedPoll';

/** docs/product.md §3 page kinds a promoted item may open (docs/timeline.md "Promoted links"). */
export type PromotedTarget =
  | { kind: PromotedPollKind; id: number | undefined }
  | { kind: 'speaker' | 'info' | 'session' | 'sponsor'; id: number }
  | { kind: 'link'; url: string };

const POLL_KINDS: readonly string[] = ['poll', 'quiz', 'treasure_hunt', 'coded_polls', 'coded_quizzes'];
const PAGE_KINDS: readonly string[] = ['speaker', 'info', 'session', 'sponsor'];

const positive = (value: string | null | undefined): number | undefined =>
  value && /^\d{1,12}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/**
 * What a promoted item's Promolink opens: `/stage?page={kind}&id={id}` a promoted page of docs/product.md §3
 * (a coded kind needs no id), `/stage?session={id}` a session's stream, `/sponsor/{id}` the sponsor
 * page; any other http(s) or site link is followed as a link. Null for none or an unsafe scheme.
 */
export function promotedTarget(link: string | null): PromotedTarget | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link, 'https://site.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.host !== 'site.invalid') return { kind: 'link', url: url.href };
  const sponsor = /^\/sponsor\/(\d{1,12})\/?$/.exec(url.pathname);
  if (sponsor) return { kind: 'sponsor', id: Number(sponsor[1]) };
  if (url.pathname === '/stage' || url.pathname === '/webapp') {
    const page = url.searchParams.get('page') ?? '';
    const id = positive(url.searchParams.get('id'));
    if (POLL_KINDS.includes(page) && (id !== undefined || page.startsWith('coded_'))) return { kind: page as PromotedPollKind, id };
    if (PAGE_KINDS.includes(page) && id !== undefined) return { kind: page as 'speaker', id };
    const session = positive(url.searchParams.get('session'));
    if (session !== undefined) return { kind: 'session', id: session };
  }
  return { kind: 'link', url: `${url.pathname}${url.search}${url.hash}` };
}

/** Kinds shown in the promoted page panel (the rest navigate or switch the stream). */
export const isPanelKind = (target: PromotedTarget): boolean => POLL_KINDS.includes(target.kind) || target.kind === 'speaker' || target.kind === 'info';
