/*
 * Signed-in pages the same for every member but for who is looking (docs/http-cache.md
 * "Pages for members"): the lobby, the stage and the web app differ between attendees only in the
 * navbar or header (name, initials, the user id islands get) and in the CSP nonce; their timeline,
 * agenda and My program show a first view read for any member, and the islands read the viewer's
 * own once they run. Such a page is rendered once for a stand-in viewer whose fields are
 * unguessable markers; the markers become holes of a template, and each request gets the template
 * with its own viewer and a fresh nonce filled in.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { AuthUser } from '~/contracts/login';
import { escapeHtml } from '~/server/content/personalise';
import { deflatePart, gzipPieces, type DeflatedPart } from './gzip-pieces';

/**
 * Route patterns of pages checked to read nothing of the viewer but what `viewerLabels` and the user id give, and
 * nothing that changes without a new event version, a booking or the clock (5 s at most, the
 * cache's lifetime). A page that reads anything else of the user (bookings, own posts, likes,
 * the role) must not be added, or must read that part for anyone (`isStandInViewer`) and let its
 * island correct it, or must put the real user back (`renderForRealViewer`) when it shows such a
 * part: /stage and /webapp do so when they open on a tab in stage-tabs.ts's PERSONAL_TABS; the web
 * app's agenda and My program kept for its offline copy are read for anyone. A sponsor page takes
 * where the attendee came from out of its URL (sponsor-origin.ts), reads its polls for anyone and
 * lets SponsorTabs put the viewer's answers in; an edit of a sponsor contact's profile drops it.
 */
export const SAME_PAGE_FOR_EVERY_MEMBER: ReadonlySet<string> = new Set(['/', '/stage', '/webapp', '/sponsor/[sponsorId]']);

/** This process's markers: never sent (every answer has them filled), so no page can contain them by chance or design. */
const MARK = randomBytes(12).toString('hex');
/**
 * The stand-in's id: within a 32-bit integer column (PostgreSQL refuses a larger one in a query),
 * above any id an event will reach, and replaced only where it stands alone (never inside a longer
 * number such as a timestamp).
 */
const ID_MARK = String(randomInt(2_000_000_000, 2_147_483_647));
const NAME_MARK = `vn${MARK}`;
const INITIALS_MARK = `vi${MARK}`;

const standIns = new WeakSet<AuthUser>();

/** The user a template is rendered for: the real user's event, a marker id and no e-mail or role. */
export function standInViewer(user: AuthUser): AuthUser {
  const standIn: AuthUser = { userId: Number(ID_MARK), eventId: user.eventId, email: '', firstName: '', lastName: '', isOrganiser: false };
  standIns.add(standIn);
  return standIn;
}

/** Whether a page is being rendered for the stand-in (a part read per viewer must then say it was read for anyone). */
export const isStandInViewer = (user: AuthUser): boolean => standIns.has(user);

/**
 * A page that finds, once it knows what it shows, that it is personal after all (the stage with
 * its agenda open) puts the real user back before anything renders: it is then rendered per request.
 */
export function renderForRealViewer(locals: { user: AuthUser | undefined; viewer?: AuthUser }): void {
  if (!locals.viewer) return;
  locals.user = locals.viewer;
  delete locals.viewer;
}

export interface ViewerLabels {
  name: string;
  initials: string;
}

/** How pages name the signed-in user (navbar, stage header); markers for the stand-in. */
export function viewerLabels(user: Pick<AuthUser, 'firstName' | 'lastName'>): ViewerLabels {
  if (standIns.has(user as AuthUser)) return { name: NAME_MARK, initials: INITIALS_MARK };
  const name = `${user.firstName} ${user.lastName}`.trim();
  const initials = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).join('').toUpperCase() || '?';
  return { name, initials };
}

/** `inProps`: inside an island's opening tag, where props are JSON in an HTML attribute. */
type Hole = 'nonce' | 'id' | 'name' | 'initials' | 'nameInProps' | 'initialsInProps';

/** A page split at its holes: parts.length is holes.length + 1, each part UTF-8 already (a fill copies bytes, it encodes only the holes). */
export interface ViewerTemplate {
  parts: Buffer[];
  holes: Hole[];
  /** The parts deflated once, for a gzip answer stitched per viewer. */
  deflated: DeflatedPart[];
}

const ISLAND_TAG = /<astro-island\b[^>]*>/g;

/** The template of a page rendered for the stand-in, whose scripts carry `nonce`. */
export function makeViewerTemplate(html: string, nonce: string): ViewerTemplate {
  const islandTags = [...html.matchAll(ISLAND_TAG)].map((tag) => [tag.index, tag.index + tag[0].length] as const);
  const inIslandTag = (at: number) => islandTags.some(([start, end]) => at > start && at < end);
  const parts: Buffer[] = [];
  const holes: Hole[] = [];
  const marks = new RegExp(`${nonce.replace(/[+/=]/g, '\\$&')}|(?<!\\d)${ID_MARK}(?!\\d)|${NAME_MARK}|${INITIALS_MARK}`, 'g');
  let from = 0;
  for (const found of html.matchAll(marks)) {
    parts.push(Buffer.from(html.slice(from, found.index)));
    const mark = found[0];
    const inTag = inIslandTag(found.index);
    holes.push(mark === nonce ? 'nonce' : mark === ID_MARK ? 'id' : mark === NAME_MARK ? (inTag ? 'nameInProps' : 'name') : (inTag ? 'initialsInProps' : 'initials'));
    from = found.index + mark.length;
  }
  parts.push(Buffer.from(html.slice(from)));
  return { parts, holes, deflated: parts.map(deflatePart) };
}

/** A string value inside island props: JSON-escaped, then HTML-escaped, as Astro serialises props. */
const inProps = (value: string): string => escapeHtml(JSON.stringify(value).slice(1, -1));

export interface Viewer {
  user: Pick<AuthUser, 'userId' | 'firstName' | 'lastName'>;
  nonce: string;
}

/** What goes into each hole for one viewer: their id, their name and initials escaped for HTML, the response's nonce. */
function holeValues(holes: readonly Hole[], { user, nonce }: Viewer): Buffer[] {
  const { name, initials } = viewerLabels(user);
  const values: Record<Hole, Buffer> = {
    nonce: Buffer.from(nonce), id: Buffer.from(String(user.userId)), name: Buffer.from(escapeHtml(name)), initials: Buffer.from(escapeHtml(initials)),
    nameInProps: Buffer.from(inProps(name)), initialsInProps: Buffer.from(inProps(initials)),
  };
  return holes.map((hole) => values[hole]);
}

/** The page for one viewer, as the template's parts with the viewer's holes between them (to write without joining). */
export function viewerTemplatePieces({ parts, holes }: ViewerTemplate, viewer: Viewer): Buffer[] {
  const values = holeValues(holes, viewer);
  const pieces: Buffer[] = [parts[0]!];
  for (let i = 0; i < values.length; i += 1) pieces.push(values[i]!, parts[i + 1]!);
  return pieces;
}

/** The page for one viewer. */
export const fillViewerTemplate = (template: ViewerTemplate, viewer: Viewer): Buffer => Buffer.concat(viewerTemplatePieces(template, viewer));

/** The page for one viewer as the pieces of one gzip member, from the parts deflated once: only the holes are new bytes. */
export const gzipViewerTemplate = ({ deflated, holes }: ViewerTemplate, viewer: Viewer): Buffer[] =>
  gzipPieces(deflated, holeValues(holes, viewer));

/** A fresh nonce, as the security headers make one for every signed-in page. */
export const freshNonce = (): string => randomBytes(18).toString('base64');
