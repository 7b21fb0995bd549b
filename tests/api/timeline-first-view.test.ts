import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { timelineCalls } from './timeline-helpers';

const FEATURES = featuresOn('stageTabTimeline', 'stageFuncTimelinePosting', 'stageFuncTimelineCommenting', 'webAppTimeline', 'webAppTimelinePosting');
const label = (n: number) => `Hello #${String(n).padStart(2, '0')}`;
/** The `<img …>` tag of a picture in the page. */
const imgOf = (html: string, src: string) => new RegExp(`<img[^>]*src="${src}"[^>]*>`).exec(html)?.[0] ?? '';
const deleteButtons = (html: string) => html.split(`>${en.timeline.deletePost}</button>`).length - 1;

// The timeline open on arrival comes with its first posts, so its first picture (the
// page's largest paint) is in the HTML, not found after React, the island and its API call.
describe('timeline first view: /stage and /webapp render the newest posts', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let ada: Attendee;
  let ben: Attendee;
  const page = (who: Attendee, path: string) => call(server, path, { host: event.host, headers: { cookie: `ep_session=${who.token}` } });

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: FEATURES, live_web_app: true });
    ada = await newAttendee(f, event.id);
    ben = await newAttendee(f, event.id);
    const base = Date.parse('2025-06-02T08:00:00Z');
    const insert = (fields: { author: number; message: string; images?: string[]; promo?: boolean; platforms?: string[]; at: number }) =>
      f.db.kysely.insertInto('timeline_items').values({
        event_id: event.id, author_id: fields.author, message: fields.message, image_urls: JSON.stringify(fields.images ?? []),
        is_promo: fields.promo === true, platforms: JSON.stringify(fields.platforms ?? ['digital', 'webApp']), created_at: new Date(base + fields.at * 1000).toISOString(),
      }).returning('id').executeTakeFirstOrThrow();
    // Twelve posts, Ada's the even ones; the newest carries a picture.
    for (let i = 0; i < 12; i++) {
      await insert({ author: i % 2 === 0 ? ada.id : ben.id, message: label(i), images: i === 11 ? ['/p/post-11.jpg', '/p/post-11b.jpg'] : [], at: i });
    }
    await insert({ author: ben.id, message: 'Only in the web app', platforms: ['webApp'], at: 20 });
    await insert({ author: ben.id, message: 'Promoted on the stage', images: ['/p/promo.jpg'], promo: true, platforms: ['digital'], at: 1 });
    const liked = await f.db.kysely.selectFrom('timeline_items').select('id').where('message', '=', label(9)).executeTakeFirstOrThrow();
    expect((await timelineCalls(server, event).send(ada, 'likeTimelineEntry', { timelineId: liked.id })).status).toBe(200);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('/stage puts the promoted item and the newest 10 posts into the HTML, the first picture fetched at once', async () => {
    const res = await page(ada, '/stage?tab=timeline');
    expect(res.status).toBe(200);
    const html = res.body;
    for (let i = 2; i < 12; i++) expect(html, label(i)).toContain(label(i));
    // Older posts page on from the island, as before; the web app's own post is not the stage's.
    expect(html).not.toContain(label(1));
    expect(html).not.toContain('Only in the web app');
    expect(html).toContain('Promoted on the stage');
    expect(html).not.toContain('class="timeline" aria-busy="true"');
    const promo = imgOf(html, '/p/promo.jpg');
    expect(promo).toMatch(/fetchpriority="high"/i);
    expect(promo).not.toContain('loading=');
    // Later pictures wait until they near the screen; every one has its 4:3 box before it loads.
    for (const src of ['/p/post-11.jpg', '/p/post-11b.jpg']) {
      expect(imgOf(html, src)).toContain('loading="lazy"');
      expect(imgOf(html, src)).toMatch(/width="640" height="480"/);
    }
    expect(html).toContain(en.timeline.older);
    expect(html).not.toContain(ada.token);
  });

  it('renders the first view for any member, on arrival and in a tab opened later: the same bytes for each, no delete buttons, no likes', async () => {
    for (const path of ['/stage?tab=timeline', '/stage/panel/timeline']) {
      const asAda = (await page(ada, path)).body;
      const asBen = (await page(ben, path)).body;
      expect(asAda, path).toContain(label(11));
      expect(asAda === asBen, `${path}: the same bytes`).toBe(true);
      expect(deleteButtons(asAda), path).toBe(0);
      expect(asAda, path).not.toContain('aria-pressed="true"');
    }
  });

  it('/webapp shows the web app\'s posts, and a timeline opened later (/stage/panel/timeline) comes with its posts too', async () => {
    const web = (await page(ben, '/webapp')).body;
    expect(web).toContain('Only in the web app');
    expect(web).not.toContain('Promoted on the stage');
    expect(imgOf(web, '/p/post-11.jpg')).toMatch(/fetchpriority="high"/i);
    expect(imgOf(web, '/p/post-11b.jpg')).toContain('loading="lazy"');

    const panel = await page(ben, '/stage/panel/timeline');
    expect(panel.status).toBe(200);
    expect(panel.body).toContain(label(11));
    expect(panel.body).toContain('Promoted on the stage');
  });
});
