import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { EventFileSchema, NOW_RELATIVE_TIME, RELATIVE_TIME, type EventFile } from '~/contracts/event-file';
import { LOBBY_ELEMENT_TYPES, QUESTION_TYPES } from '~/contracts/event-settings';

const FILE = 'events/demo.event.json';
const raw: unknown = JSON.parse(readFileSync(FILE, 'utf8'));
let demo: EventFile;

beforeAll(() => {
  const result = v.safeParse(EventFileSchema, raw);
  if (!result.success) {
    const issues = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
    throw new Error(`${FILE} does not match EventFileSchema:\n${issues.join('\n')}`);
  }
  demo = result.output;
});

/** Minutes from the import moment for "now±N[mhd]" times; undefined for other forms. */
function nowOffset(time: string): number | undefined {
  const match = NOW_RELATIVE_TIME.exec(time);
  if (!match) return undefined;
  const [, sign, amount, unit] = match;
  if (!sign || !amount || !unit) return 0;
  return (sign === '-' ? -1 : 1) * Number(amount) * { m: 1, h: 60, d: 1440 }[unit as 'm' | 'h' | 'd'];
}

/** [day offset, minutes into the day] for "+Nd HH:MM" times. */
function dayTime(time: string): [number, number] | undefined {
  const match = RELATIVE_TIME.exec(time);
  return match ? [Number(match[1]), Number(match[2]) * 60 + Number(match[3])] : undefined;
}

const publicFile = (url: string) => join('public', url.split(/[?#]/)[0] ?? url);

/** Every string value anywhere in the file. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** WCAG relative-luminance contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('demo event file', () => {
  it('is the demo event with its demo logins and local stream', () => {
    expect(demo.slug).toBe('demo');
    expect(demo.timeZone).toBe('Europe/Oslo');
    expect(demo.resultsPassword).toBe('demo-results');
    expect(demo.users[0]).toMatchObject({ email: 'attendee@demo.test', password: 'demo-attendee-1' });
    expect(demo.users[0]?.ticketCode).toBeTruthy();
    expect(demo.users.find((u) => u.organiser)).toMatchObject({ email: 'organiser@demo.test', password: 'demo-organiser-1' });
    expect(demo.streamUrl).toBe('/media/mainstage/index.m3u8');
    expect(demo.features.twoFactorAuth).toBe(false);
    expect(Object.values(demo.features).filter(Boolean).length).toBeGreaterThanOrEqual(55);
    expect(statSync(FILE).size).toBeLessThan(150 * 1024);
  });

  it('has unique keys in every list and unique user e-mails', () => {
    const lists = [demo.lobbyElements, demo.groups, demo.categories, demo.tracks, demo.speakers, demo.sessions, demo.sponsors,
      demo.infoPages, demo.documents, demo.polls, demo.timeline, demo.polls.flatMap((p) => p.items),
      demo.sponsors.flatMap((s) => s.meetingRooms), demo.timeline.flatMap((t) => t.comments)];
    for (const list of lists) expect(new Set(list.map((item) => item.key)).size).toBe(list.length);
    expect(new Set(demo.users.map((u) => u.email)).size).toBe(demo.users.length);
  });

  it('only refers to keys and e-mails that exist in the file', () => {
    const keysOf = (list: { key: string }[]) => new Set(list.map((item) => item.key));
    const categories = (type: string) => keysOf(demo.categories.filter((c) => c.type === type));
    const [speakers, sessions, sponsors, tracks] = [keysOf(demo.speakers), keysOf(demo.sessions), keysOf(demo.sponsors), keysOf(demo.tracks)];
    const emails = new Set(demo.users.map((u) => u.email));
    const missing: string[] = [];
    const need = (ok: boolean, what: string) => { if (!ok) missing.push(what); };
    for (const s of demo.sessions) {
      s.speakers.forEach((k) => need(speakers.has(k), `session ${s.key} speaker ${k}`));
      s.categories.forEach((k) => need(categories('agenda').has(k), `session ${s.key} category ${k}`));
      need(s.track == null || tracks.has(s.track), `session ${s.key} track ${s.track}`);
    }
    demo.speakers.forEach((s) => s.categories.forEach((k) => need(categories('speaker').has(k), `speaker ${s.key} category ${k}`)));
    for (const s of demo.sponsors) {
      s.categories.forEach((k) => need(categories('sponsor').has(k), `sponsor ${s.key} category ${k}`));
      s.users.forEach((e) => need(emails.has(e), `sponsor ${s.key} user ${e}`));
    }
    for (const d of demo.documents) {
      d.sessions.forEach((k) => need(sessions.has(k), `document ${d.key} session ${k}`));
      need(!d.sponsor || sponsors.has(d.sponsor), `document ${d.key} sponsor ${d.sponsor}`);
    }
    demo.groups.forEach((g) => g.members.forEach((e) => need(emails.has(e), `group ${g.key} member ${e}`)));
    demo.polls.forEach((p) => need(!p.sponsor || sponsors.has(p.sponsor), `poll ${p.key} sponsor ${p.sponsor}`));
    for (const post of demo.timeline) {
      need(!post.author || emails.has(post.author), `post ${post.key} author`);
      post.comments.forEach((c) => need(!c.author || emails.has(c.author), `comment ${c.key} author`));
    }
    demo.lobbyElements.forEach((l) => l.options.topSponsorOptions?.forEach((o) => need(sponsors.has(o.sponsor), `lobby ${l.key} sponsor ${o.sponsor}`)));
    need(demo.infoPages.some((p) => p.category === demo.liveFAQCategory), 'info pages in the FAQ category');
    expect(missing).toEqual([]);
  });

  it('ships every local file it links to under public/', () => {
    const local = strings(raw).filter((s) => s.startsWith('/demo/') || s.startsWith('/media/'));
    expect(local.length).toBeGreaterThan(40);
    expect(local.filter((url) => !existsSync(publicFile(url)))).toEqual([]);
  });

  it('ships VOD HLS playlists whose segments exist', () => {
    const streams = [demo.streamUrl, ...demo.sessions.map((s) => s.liveUrl), ...demo.sponsors.map((s) => s.streamUrl)]
      .filter((url): url is string => !!url?.endsWith('.m3u8'));
    expect(streams).toContain('/media/breakout/index.m3u8');
    for (const url of new Set(streams)) {
      const playlist = readFileSync(publicFile(url), 'utf8');
      expect(playlist).toMatch(/#EXT-X-PLAYLIST-TYPE:VOD[\s\S]*#EXT-X-ENDLIST/);
      const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(segments.length).toBeGreaterThanOrEqual(3);
      for (const segment of segments) expect(existsSync(join(dirname(publicFile(url)), segment))).toBe(true);
    }
  });

  it('has two days in three coloured tracks with a live and upcoming main-stage session at any hour', () => {
    expect(demo.tracks).toHaveLength(3);
    expect(demo.tracks.every((t) => t.color)).toBe(true);
    const days = new Set(demo.sessions.map((s) => dayTime(s.start)?.[0]).filter((d) => d !== undefined));
    expect([...days].sort()).toEqual([0, 1]);
    const main = demo.sessions.filter((s) => s.track === demo.tracks[0]?.key);
    const offsets = main.map((s) => [nowOffset(s.start), nowOffset(s.end)]);
    // Now-relative times round down to the quarter hour, so "live" needs an end at least 15 min ahead.
    expect(offsets.some(([start, end]) => start !== undefined && end !== undefined && start <= 0 && end >= 15)).toBe(true);
    expect(offsets.filter(([start]) => start !== undefined && start >= 15).length).toBeGreaterThanOrEqual(2);
    for (const s of demo.sessions) {
      const [a, b] = [nowOffset(s.start) ?? dayTime(s.start), nowOffset(s.end) ?? dayTime(s.end)];
      const minutes = (t: typeof a) => (Array.isArray(t) ? t[0] * 1440 + t[1] : t ?? 0);
      expect(typeof a === typeof b && minutes(b) > minutes(a), `${s.key} ends after it starts`).toBe(true);
    }
  });

  it('has seat-limited, unlimited and breakout sessions with speakers, categories and streams', () => {
    expect(demo.sessions.some((s) => s.seatLimit > 0)).toBe(true);
    expect(demo.sessions.some((s) => s.seatLimit === 0)).toBe(true);
    expect(demo.sessions.some((s) => s.track === null)).toBe(true);
    expect(demo.sessions.filter((s) => s.speakers.length > 0 && s.categories.length > 0).length).toBeGreaterThanOrEqual(25);
    expect(demo.sessions.filter((s) => s.liveUrl).length).toBeGreaterThanOrEqual(2);
  });

  it('has at least twelve speakers with portraits, titles, links and sessions', () => {
    const speaking = new Set(demo.sessions.flatMap((s) => s.speakers));
    const complete = demo.speakers.filter((s) => s.imageUrl && existsSync(publicFile(s.imageUrl)) && s.jobTitle && s.company
      && s.description && s.links.length > 0 && s.categories.length > 0 && speaking.has(s.key));
    expect(complete.length).toBeGreaterThanOrEqual(12);
  });

  it('has at least six sponsors with logos, categories, documents, contacts and meeting rooms', () => {
    const withDocuments = new Set(demo.documents.map((d) => d.sponsor));
    const complete = demo.sponsors.filter((s) => s.logoUrl && existsSync(publicFile(s.logoUrl)) && s.categories.length > 0
      && withDocuments.has(s.key) && s.users.length > 0 && s.meetingRooms.length > 0 && s.description && s.website);
    expect(complete.length).toBeGreaterThanOrEqual(6);
    expect(demo.sponsors.some((s) => s.email === '')).toBe(true);
    expect(demo.sponsors.some((s) => s.streamUrl)).toBe(true);
    const rooms = demo.sponsors.flatMap((s) => s.meetingRooms);
    expect(rooms.some((r) => r.start && (nowOffset(r.start) ?? 1) <= 0 && (nowOffset(r.end ?? '') ?? 0) > 15)).toBe(true);
    expect(rooms.some((r) => r.start && dayTime(r.start)?.[0] === 1)).toBe(true);
  });

  it('has at least thirty attendees besides the organiser, some hidden and some with pictures', () => {
    const attendees = demo.users.filter((u) => !u.organiser);
    expect(attendees.length).toBeGreaterThanOrEqual(30);
    expect(demo.users.length).toBeGreaterThanOrEqual(34);
    // Every account can log in: the documented ones by plain password, the crowd by a stored hash
    // (so seeding does not spend seconds of scrypt on every start).
    expect(demo.users.every((u) => ((u.password ?? '').length >= 8 || u.passwordHash) && u.company && u.jobTitle)).toBe(true);
    expect(attendees.some((u) => u.hidden)).toBe(true);
    expect(attendees.filter((u) => u.picture).length).toBeGreaterThanOrEqual(6);
  });

  it('has lobby elements of every type, groups, info pages and documents', () => {
    expect(new Set(demo.lobbyElements.map((l) => l.type))).toEqual(new Set(Object.values(LOBBY_ELEMENT_TYPES)));
    expect(demo.lobbyElements.every((l) => l.options.label)).toBe(true);
    expect(demo.groups.some((g) => g.public && g.members.length > 0)).toBe(true);
    expect(demo.groups.some((g) => !g.public && g.members.length > 0)).toBe(true);
    expect(demo.infoPages.some((p) => p.body.includes('{{Firstname}}'))).toBe(true);
    expect(demo.users[0]?.calculatedFields['Firstname']).toBeTruthy();
    expect(new Set(demo.documents.map((d) => d.type))).toEqual(new Set(['pdf', 'image']));
    expect(demo.documents.some((d) => d.sessions.length > 0)).toBe(true);
  });

  it('has polls of every question type, including coded ones and a sponsor poll', () => {
    expect(new Set(demo.polls.map((p) => p.type))).toEqual(new Set(Object.keys(QUESTION_TYPES)));
    const byType = (type: string) => demo.polls.filter((p) => p.type === type);
    expect(byType('codedPoll').map((p) => p.code)).toContain('1234');
    expect(byType('codedQuiz').map((p) => p.code)).toContain('5678');
    for (const quiz of [...byType('quiz'), ...byType('codedQuiz')]) {
      expect(quiz.items.length).toBeGreaterThanOrEqual(2);
      expect(quiz.items.every((item) => item.alternatives.some((a) => a.correct))).toBe(true);
    }
    expect(byType('treasureHunt').every((p) => p.items.length > 0)).toBe(true);
    expect(byType('rating').some((p) => p.commentsEnabled && p.alternatives.map((a) => a.value).join() === '1,2,3,4,5')).toBe(true);
    expect(byType('multipleAnswers').some((p) => p.alternatives.length > 2 && p.alternatives.every((a) => a.color))).toBe(true);
    expect(demo.polls.some((p) => p.sponsor)).toBe(true);
  });

  it('starts one quiz and one poll closed, for an organiser to open from the console, and every other poll open', () => {
    const closed = demo.polls.filter((p) => p.open === false);
    expect(closed.map((p) => p.type).sort()).toEqual(['multipleAnswers', 'quiz']);
    expect(closed.every((p) => !p.sponsor && !p.code && !p.template)).toBe(true);
    expect(closed.find((p) => p.type === 'quiz')!.items.length).toBeGreaterThanOrEqual(2);
  });

  it('has timeline posts with comments and a promoted post', () => {
    expect(demo.timeline.filter((t) => t.comments.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(demo.timeline.some((t) => t.promo && t.linkMode && t.promoLink && t.promoLinkText)).toBe(true);
  });

  it('brands the event with colour pairs that pass WCAG AA (4.5:1)', () => {
    const b = demo.branding as Record<string, string>;
    const pairs = [['primaryButtonTextColor', 'primaryButtonColor'], ['secondaryButtonTextColor', 'secondaryButtonColor'],
      ['loginTextColor', 'loginBackgroundColor'], ['darkTextColor', 'liveBackgroundColor'], ['darkTextColor', 'oddSectionColor'],
      ['darkTextColor', 'evenSectionColor'], ['darkTextColor', 'navbarColor'], ['lobbyTextColor', 'liveBackgroundColor'],
      ['primaryButtonColor', 'liveBackgroundColor'], ['primaryButtonColor', 'evenSectionColor']] as const;
    for (const [fg, bg] of pairs) expect(contrast(b[fg] ?? '', b[bg] ?? ''), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });
});
