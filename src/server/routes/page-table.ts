import type { CacheClass } from '~/server/http/route-rules';

/**
 * Who may see a page; the page guards (middleware/) read it:
 * - `anyone`: the host's event, signed in or not;
 * - `guest`: the login pages: a signed-in viewer is sent on to the landing page;
 * - `member`: a signed-in attendee, else the login page;
 * - `member-or-poll-results`: the poll stream, also open to a results session holding its key;
 * - `results`: a results session (docs/product.md §2 markers) for the page's key, or the generic one;
 *   else the matching results login (`resultsLogin`, `[pollAccessKey]` filled in);
 * - `admission`: the participant_results session, else its login;
 * - `eventless`: renders without an event (the fallback of an unknown host);
 */
export type PageCaller = 'anyone' | 'guest' | 'member' | 'member-or-poll-results' | 'results' | 'admission' | 'eventless';

export interface PageRules {
  readonly who: PageCaller;
  /**
   * `visitor`: the same for every visitor, kept by the node; `member`: the same bytes for every
   * signed-in member (the viewer's own parts come from the islands' calls after hydration;
   * tests/api/member-pages.test.ts proves it), kept per event version; `organiser`: the same for
   * every organiser of the event, served to their sessions only; `private`: never kept.
   */
  readonly cache: CacheClass;
  /** Where a viewer without the results session goes (`results` and `admission` pages). */
  readonly resultsLogin?: string;
  /** A page that takes a posted form: the largest body it reads (http/read-body.ts holds it there). */
  readonly bodyLimit?: number;
}

const page = (who: PageCaller, cache: CacheClass = 'private'): PageRules => ({ who, cache });
const results = (resultsLogin: string): PageRules => ({ who: 'results', cache: 'private', resultsLogin });
const KEYED_LOGIN = '/login-poll-results/[pollAccessKey]';

/** Every page and endpoint of src/pages by its Astro route pattern, with its rules. */
export const PAGES: Readonly<Record<string, PageRules>> = {
  '/': page('member', 'member'),
  '/stage': page('member', 'member'),
  '/webapp': page('member', 'member'),
  // Organisers of the event only: the page itself answers 403 'Not allowed' to other members (docs/console.md);
  // the same bytes for each of them (their own unread count comes from the island's first read).
  '/console': page('member', 'organiser'),
  // The projector: the page answers 403 to anyone but this event's organisers, as /console; never kept.
  '/console/present/[pollId]': page('member'),
  // The console's preparing areas: each page answers 403 to anyone but this event's organisers; never kept.
  '/console/polls': page('member'),
  // The programme: the page answers 403 to anyone but this event's organisers; never kept (it lists bookings as they are).
  '/console/agenda': page('member'),
  // Preparing pages: each answers 403 to anyone but this event's organisers; never kept (the island's list is read as it is).
  '/console/speakers': page('member'),
  '/console/people': page('member'),
  '/console/sponsors': page('member'),
  '/console/content': page('member'),
  '/console/settings': page('member'),
  '/sponsor/[sponsorId]': page('member', 'member'),
  '/polls/[pollAccessKey]': page('member-or-poll-results'),
  // A panel opened later reads the viewer's own parts after hydration, as the pages do.
  '/stage/panel/[tab]': page('anyone', 'member'),
  '/webapp/panel/[tab]': page('anyone', 'member'),
  // The lead form's fallback without script posts here.
  '/sponsor/[sponsorId]/contactForm': { ...page('anyone'), bodyLimit: 32 * 1024 },
  '/agendaIframe': page('anyone', 'visitor'),
  '/speakersIframe': page('anyone', 'visitor'),
  '/qrTicket/[ticketKey]': page('anyone'),
  '/participants/[pinCode]': page('anyone'),
  '/register': page('anyone'),
  '/register/cancel/[token]': page('anyone'),
  '/logout': page('anyone'),
  '/404': page('anyone'),
  // Reached by rewrite from the auth guard: a member page asked with a live session of another event.
  '/not-allowed': page('anyone'),
  '/login': page('guest', 'visitor'),
  '/login/pwa': page('guest'),
  '/login/otp/[payload]': page('guest'),
  '/login/otp/request/[payload]': page('guest'),
  '/login-poll-results': page('anyone'),
  '/login-poll-results/[pollAccessKey]': page('anyone'),
  '/login-poll-results/template/[pollAccessKey]': page('anyone'),
  '/login-participants-results': page('anyone'),
  '/pollResults': results('/login-poll-results'),
  '/pollResults/[pollAccessKey]': results(KEYED_LOGIN),
  '/pollResults/template/[pollAccessKey]': results('/login-poll-results/template/[pollAccessKey]'),
  '/poll-management/[pollAccessKey]': results(KEYED_LOGIN),
  '/quiz-management/[pollAccessKey]': results(KEYED_LOGIN),
  '/quiz/[pollAccessKey]': results(KEYED_LOGIN),
  '/quiz-open-text/[pollAccessKey]': results(KEYED_LOGIN),
  '/treasure-hunt-management/[pollAccessKey]': results(KEYED_LOGIN),
  '/treasure-hunt/[pollAccessKey]': results(KEYED_LOGIN),
  '/treasure-hunt-open-text/[pollAccessKey]': results(KEYED_LOGIN),
  '/participantsAdmitted': { who: 'admission', cache: 'private', resultsLogin: '/login-participants-results' },
  '/participantsCheckIn': { who: 'admission', cache: 'private', resultsLogin: '/login-participants-results' },
  '/fallback': page('eventless'),
  // The operator's page (docs/operations.md "The operator's page"): no event; its calls are `who: 'admin'`; never kept.
  '/admin': page('eventless'),
};

const ANYONE = page('anyone');

/** A page's rules by its route pattern; a pattern the table lacks (a test fails for one) is open to anyone and never kept. */
export function pageRulesOf(routePattern: string): PageRules {
  return Object.hasOwn(PAGES, routePattern) ? PAGES[routePattern]! : ANYONE;
}

/** Each page pattern as a whole-path matcher: `[name]` is one segment. */
const PAGE_MATCHERS = Object.keys(PAGES).map((pattern) => ({
  pattern,
  matcher: new RegExp(`^${pattern.split('/').map((segment) => (/^\[\w+\]$/.test(segment) ? '[\\w-]+' : segment.replace(/[.*+?^${}()|\\]/g, '\\$&'))).join('/')}$`),
}));

/**
 * Where a results or admission login may send the viewer back to (its `?return=`): a path,
 * without query, of a page behind that login (`results` or `admission`), never a call or any other
 * page, so a link cannot make the login's browser open an address with a side effect.
 */
export function isResultsReturn(path: string): boolean {
  const found = PAGE_MATCHERS.find(({ matcher }) => matcher.test(path));
  const who = found ? PAGES[found.pattern]!.who : undefined;
  return who === 'results' || who === 'admission';
}
