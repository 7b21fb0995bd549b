import { sql } from 'kysely';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { TimelineItem } from '~/contracts/timeline';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { runEventCli } from './event-file-cli';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { address, linkIn, mailsTo, register, signUp, signupCookieOf, tokenFor, userByEmail } from './registration-helpers';
import { pixel, timelineCalls } from './timeline-helpers';

const now = () => new Date().toISOString();

describe('privacy: download and erase my data', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', REGISTRATION_LIMIT_PER_ADDRESS: '500' } });
    f = factories(server);
    event = await f.newEvent({ is_registration_open: true, terms_text: 'Play fair.' });
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  /** A registered attendee with one record of every kind main knows; answers their name parts and ids. */
  async function busyAttendee() {
    const email = address('busy');
    const lastName = `Zygote${Math.random().toString(36).slice(2, 8)}`;
    const signedUp = await register(server, event, signUp(email, { firstName: 'Zelda', lastName, password: 'zelda password 1' }));
    expect(signedUp.status).toBe(202);
    // The sign-up's password becomes the account's once the mailed confirmation link is used in the browser that signed up.
    const link = linkIn((await mailsTo(server, email, 'confirmed'))[0]!, '/login/otp')!;
    const confirmed = await call(server, '/connect/token', {
      host: event.host, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...signupCookieOf(signedUp) },
      body: new URLSearchParams({ grant_type: 'otp', eventId: String(event.id), token: link.split('/').pop()! }).toString(),
    });
    expect(confirmed.status).toBe(200);
    const user = (await userByEmail(f, event.id, email))!;
    const { kysely } = f.db;
    const { token, auth } = await tokenFor(f, event.id, user.id);
    const registration = await kysely.selectFrom('registrations').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    await kysely.insertInto('voucher_transactions').values({ event_id: event.id, registration_id: registration.id, kind: 'grant', status: 'completed', amount: 5, description: 'Welcome', created_at: now() }).execute();
    const sessionId = await f.newSession(event.id);
    await kysely.insertInto('session_bookings').values({ session_id: sessionId, user_id: user.id, created_at: now() }).execute();
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
    const vote = await call(server, `/api/liveEvent/${event.id}/liveStorePollAnswer`, {
      host: event.host, method: 'POST', headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] }),
    });
    expect(vote.status).toBe(200);
    const post = await kysely.insertInto('timeline_items').values({ event_id: event.id, author_id: user.id, message: 'Hello all', image_urls: '[]', is_promo: false, platforms: '["digital"]', created_at: now() })
      .returning('id').executeTakeFirstOrThrow();
    await kysely.insertInto('timeline_items').values({ event_id: event.id, author_id: user.id, in_reply_to: post.id, message: 'A reply', image_urls: '[]', is_promo: false, platforms: '["digital"]', created_at: now() }).execute();
    await kysely.insertInto('timeline_likes').values({ timeline_id: post.id, user_id: user.id, created_at: now() }).execute();
    const sponsor = await kysely.insertInto('sponsors').values({ event_id: event.id, key: `sp${user.id}`, name: 'Sponsor AS', position: 0, links: '[]', email: 'sales@sponsor.example' })
      .returning('id').executeTakeFirstOrThrow();
    const contact = await newAttendee(f, event.id);
    await kysely.insertInto('sponsor_users').values({ sponsor_id: sponsor.id, user_id: contact.id }).execute();
    await kysely.insertInto('sponsor_leads').values({ event_id: event.id, sponsor_id: sponsor.id, source: 'contactInfo', user_id: user.id, first_name: 'Zelda', last_name: lastName, email, phone: '+47 412 34 567', company: 'Acme AS', created_at: now() }).execute();
    await kysely.insertInto('sponsor_messages').values({ event_id: event.id, sponsor_id: sponsor.id, user_id: user.id, message: 'Call me', created_at: now() }).execute();
    await kysely.insertInto('meeting_requests').values({ sponsor_id: sponsor.id, contact_user_id: contact.id, requester_id: user.id, created_at: now() }).execute();
    const group = await kysely.insertInto('groups').values({ event_id: event.id, key: `g${user.id}`, name: 'Speakers', is_public: true }).returning('id').executeTakeFirstOrThrow();
    await kysely.insertInto('group_members').values({ group_id: group.id, user_id: user.id }).execute();
    const chat = await kysely.insertInto('chats').values({ event_id: event.id, pair_key: `${user.id}:${contact.id}`, created_at: now(), last_message_at: now() })
      .returning('id').executeTakeFirstOrThrow();
    await kysely.insertInto('chat_members').values([{ chat_id: chat.id, user_id: user.id }, { chat_id: chat.id, user_id: contact.id }]).execute();
    await kysely.insertInto('chat_messages').values({ chat_id: chat.id, user_id: user.id, message: 'See you at the stand', created_at: now() }).execute();
    return { email, lastName, userId: user.id, token, auth, poll, postId: Number(post.id), contact };
  }

  /** Every text column of every table that holds `needle` (case-insensitive): "no query returns the person". */
  async function tablesMentioning(needle: string): Promise<string[]> {
    const { kysely, dialect } = f.db;
    const columns = dialect === 'sqlite'
      ? (await sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and upper(p.type) = 'TEXT'`.execute(kysely)).rows
      : (await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying')`.execute(kysely)).rows;
    expect(columns.length).toBeGreaterThan(20);
    const hits: string[] = [];
    for (const { t, c } of columns) {
      const row = (await sql<{ n: number }>`select count(*) as n from ${sql.table(t)} where lower(${sql.ref(c)}) like ${`%${needle.toLowerCase()}%`}`.execute(kysely)).rows[0];
      if (Number(row?.n) > 0) hits.push(`${t}.${c}`);
    }
    return hits;
  }

  it('downloads every kind of record the attendee created as one JSON file', async () => {
    const who = await busyAttendee();
    const res = await call(server, `/api/liveEvent/${event.id}/myData`, { host: event.host, headers: who.auth });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="${event.slug}-my-data-\\d{8}\\.json"`));
    const data = res.json<Record<string, any>>();
    expect(data['profile']).toMatchObject({ email: who.email, last_name: who.lastName, groups: ['Speakers'], hasPassword: true });
    expect(data['profile']).not.toHaveProperty('password_hash');
    expect(data['profile'].termsAccepted).toEqual([expect.objectContaining({ termsText: 'Play fair.' })]);
    expect(data['registration'].registrations).toHaveLength(1);
    expect(data['registration'].vouchers).toEqual([expect.objectContaining({ amount: 5, description: 'Welcome' })]);
    expect(data['bookings']).toHaveLength(1);
    expect(data['pollAnswers']).toEqual([expect.objectContaining({ choices: ['Yes'] })]);
    expect(data['timeline'].posts).toEqual([expect.objectContaining({ message: 'Hello all' })]);
    expect(data['timeline'].comments).toEqual([expect.objectContaining({ message: 'A reply', inReplyTo: who.postId })]);
    expect(data['timeline'].likes).toEqual([expect.objectContaining({ timelineId: who.postId })]);
    expect(data['chat'].chats).toHaveLength(1);
    expect(data['chat'].messages).toEqual([expect.objectContaining({ message: 'See you at the stand' })]);
    expect(data['sponsors'].leads).toEqual([expect.objectContaining({ sponsor: 'Sponsor AS', email: who.email })]);
    expect(data['sponsors'].messages).toEqual([expect.objectContaining({ message: 'Call me' })]);
    expect(data['sponsors'].meetingRequests).toHaveLength(1);
    expect(data['sessions'].length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toMatch(/token_hash|scrypt\$/);
  });

  it('needs a login to download or delete', async () => {
    expect((await call(server, `/api/liveEvent/${event.id}/myData`, { host: event.host })).status).toBe(401);
    expect((await call(server, `/api/liveEvent/${event.id}/deleteMyAccount`, { host: event.host, method: 'POST' })).status).toBe(401);
  });

  it('refuses a deletion another site makes a browser send', async () => {
    const who = await busyAttendee();
    const res = await call(server, `/api/liveEvent/${event.id}/deleteMyAccount`, { host: event.host, method: 'POST', headers: { cookie: `ep_session=${who.token}`, origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await userByEmail(f, event.id, who.email)).toBeDefined();
  });

  it('erases the attendee everywhere, keeps votes anonymous, and ends sessions and sockets', async () => {
    const who = await busyAttendee();
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/realtime`, { headers: { host: `${event.host}:${server.port}`, cookie: `ep_session=${who.token}` } });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('message', resolve));

    const res = await call(server, `/api/liveEvent/${event.id}/deleteMyAccount`, { host: event.host, method: 'POST', headers: who.auth });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(await closed).toBe(4001);

    expect((await call(server, `/api/liveEvent/${event.id}/getOwnUserInfoFromSession`, { host: event.host, headers: who.auth })).status).toBe(401);
    const login = await call(server, '/connect/token', {
      host: event.host, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', eventId: String(event.id), username: who.email, password: 'zelda password 1' }).toString(),
    });
    expect(login.status).toBe(400);

    expect(await tablesMentioning(who.email)).toEqual([]);
    expect(await tablesMentioning(who.lastName)).toEqual([]);
    // Nobody else answered the post: it goes with its text (an answered one stays as a placeholder, below).
    expect(await f.db.kysely.selectFrom('timeline_items').select('id').where('timeline_items.id', '=', who.postId).executeTakeFirst()).toBeUndefined();
    const poll = await call(server, `/api/liveEvent/${event.id}/liveGetPoll/${who.poll.id}/0`, { host: event.host, headers: who.contact.auth });
    expect(poll.json()).toMatchObject({ allVoteCount: 1 });
  });

  it('erases the attendee\'s timeline words and pictures, selfies and avatar: files gone, a placeholder only where others replied', async () => {
    const ev = await f.newEvent({ features: featuresOn('stageTabTimeline', 'stageFuncTimelinePosting', 'stageFuncTimelineCommenting', 'stageTabSelfie') });
    const [person, other] = [await newAttendee(f, ev.id), await newAttendee(f, ev.id)];
    const timeline = timelineCalls(server, ev);
    const api = (path: string, who: Attendee, body: string | Buffer, type: string) => call(server, `/api/liveEvent/${ev.id}/${path}`, {
      host: ev.host, method: 'POST', headers: { ...who.auth, 'content-type': type }, body,
    });
    const picture = await pixel('png');
    const posted = (res: Awaited<ReturnType<typeof timeline.post>>) => {
      expect(res.status, res.body).toBe(201);
      return res.json<{ TimelineID: number; imageUrls: string[] }>();
    };
    const answered = posted(await timeline.post(person, { message: 'Answered words of mine' }, [picture]));
    const lonely = posted(await timeline.post(person, { message: 'Nobody answered this' }, [picture]));
    const theirs = posted(await timeline.post(other, { message: 'A post by someone else' }));
    expect((await timeline.comment(other, answered.TimelineID, 'A reply by someone else')).status).toBe(201);
    const myComment = await timeline.comment(person, theirs.TimelineID, 'My comment words');
    expect(myComment.status).toBe(201);
    const selfieForm = new FormData();
    selfieForm.append('image', new Blob([new Uint8Array(await sharp(picture).resize(64, 48).jpeg().toBuffer())], { type: 'image/jpeg' }), 'selfie.jpg');
    selfieForm.append('postToTimeline', 'true');
    const selfieRequest = new Request('http://x/', { method: 'POST', body: selfieForm });
    const selfie = await api('uploadSelfieImage', person, Buffer.from(await selfieRequest.arrayBuffer()), selfieRequest.headers.get('content-type')!);
    expect(selfie.status, selfie.body).toBe(201);
    const { ImageUrl: selfieUrl, TimelineID: selfiePostId } = selfie.json<{ ImageUrl: string; TimelineID: number }>();
    const avatar = await api('uploadUserAvatar', person, JSON.stringify({ name: 'me.png', image: `data:image/png;base64,${picture.toString('base64')}` }), 'application/json');
    expect(avatar.status, avatar.body).toBe(200);
    const feed = async () => (await timeline.get(other, 'getAllTimelineItems')).json<TimelineItem[]>();
    const selfiePost = (await feed()).find((item) => item.TimelineID === selfiePostId)!;
    const pictures = [...answered.imageUrls, ...lonely.imageUrls, ...selfiePost.imageUrls, selfieUrl, avatar.json<{ Picture: string }>().Picture];
    expect(pictures).toHaveLength(5);
    const fetchAnonymously = (url: string) => call(server, url, { host: ev.host });
    for (const url of pictures) expect((await fetchAnonymously(url)).status, url).toBe(200);

    expect((await api('deleteMyAccount', person, '', 'application/json')).status).toBe(200);

    for (const url of pictures) expect((await fetchAnonymously(url)).status, url).toBe(404);
    const after = await feed();
    expect(after.map((item) => item.TimelineID).sort()).toEqual([answered.TimelineID, theirs.TimelineID].sort());
    const placeholder = after.find((item) => item.TimelineID === answered.TimelineID)!;
    expect(placeholder).toMatchObject({ Message: '', imageUrls: [], Author: { Firstname: 'Deleted', Lastname: 'attendee' } });
    expect(placeholder.Comments.map((c) => c.Message)).toEqual(['A reply by someone else']);
    expect(after.find((item) => item.TimelineID === theirs.TimelineID)!.Comments).toEqual([]);
    expect(JSON.stringify(after)).not.toMatch(/Answered words|Nobody answered|My comment words/);
  });

  it('takes an erased attendee\'s words out of the console\'s activity, keeping the entry', async () => {
    const ev = await f.newEvent({ features: featuresOn('stageTabTimeline', 'stageFuncTimelinePosting') });
    const [person, organiser] = [await newAttendee(f, ev.id), await newAttendee(f, ev.id)];
    await f.db.kysely.updateTable('users').set({ is_organiser: true }).where('id', '=', organiser.id).execute();
    const posted = await timelineCalls(server, ev).post(person, { message: 'Words the organiser removed' });
    expect(posted.status, posted.body).toBe(201);
    const postId = posted.json<{ TimelineID: number }>().TimelineID;
    const removed = await call(server, `/api/console/timeline/${postId}/remove`, { host: ev.host, method: 'POST', headers: { ...organiser.auth, 'content-type': 'application/json' }, body: '{}' });
    expect(removed.status, removed.body).toBe(200);
    const activity = async () => (await call(server, '/api/console/activity', { host: ev.host, headers: organiser.auth })).body;
    expect(await activity()).toContain('Words the organiser removed');

    const erased = await call(server, `/api/liveEvent/${ev.id}/deleteMyAccount`, { host: ev.host, method: 'POST', headers: { ...person.auth, 'content-type': 'application/json' }, body: '' });
    expect(erased.status).toBe(200);
    const after = await activity();
    expect(after).toContain(`timeline:${postId}`);
    expect(after).not.toContain('Words the organiser removed');
    expect(await tablesMentioning('Words the organiser removed')).toEqual([]);
  });

  it('lets the organiser export and delete an attendee through the event CLI', async () => {
    const who = await busyAttendee();
    const exported = await runEventCli(server, ['export-attendee', event.slug, who.email]);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ profile: { email: who.email } });
    const missing = await runEventCli(server, ['export-attendee', event.slug, 'nobody@example.org']);
    expect(missing.code).toBe(1);
    const deleted = await runEventCli(server, ['delete-attendee', event.slug, who.email]);
    expect(deleted.code).toBe(0);
    expect(await userByEmail(f, event.id, who.email)).toBeUndefined();
    expect(await tablesMentioning(who.lastName)).toEqual([]);
  }, 90_000);
});
