import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, Participant, PublicGroup } from '~/contracts/participants';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { connect } from './realtime-helpers';

type Event = { id: number; slug: string; host: string };

describe('participants and groups: the calls of docs/product.md §7 Users and groups', () => {
  let server: TestServer;
  let f: Factories;
  let event: Event;
  let other: Event;
  let closed: Event;
  let me: Attendee;
  let ann: Attendee;
  let bob: Attendee;
  let hidden: Attendee;
  let stranger: Attendee;
  let publicGroup: number;
  let myPrivateGroup: number;
  let theirPrivateGroup: number;

  const get = (who: Attendee | undefined, path: string, on: Event = event) =>
    call(server, `/api/liveEvent/${on.id}/${path}`, { host: on.host, headers: who?.auth ?? {} });
  const named = async (eventId: number, first: string, fields: Record<string, unknown> = {}) => {
    const who = await newAttendee(f, eventId);
    await f.db.kysely.updateTable('users').set({ first_name: first, last_name: 'Tester', ...fields }).where('id', '=', who.id).execute();
    return who;
  };
  const group = async (eventId: number, name: string, isPublic: boolean, members: Attendee[]) => {
    const row = await f.db.kysely.insertInto('groups').values({ event_id: eventId, key: `g${name}`, name, is_public: isPublic })
      .returning('id').executeTakeFirstOrThrow();
    for (const m of members) await f.db.kysely.insertInto('group_members').values({ group_id: Number(row.id), user_id: m.id }).execute();
    return Number(row.id);
  };
  const ids = (list: Participant[]) => list.map((p) => p.UserID);

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', PRESENCE_COALESCE_MS: '50' } });
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('stageTabParticipants', 'profileEmailVisible') });
    other = await f.newEvent({ features: featuresOn('stageTabParticipants') });
    closed = await f.newEvent();
    me = await named(event.id, 'Mia', { company: 'Acme', phone: '+47 111', about2: 'About Mia' });
    ann = await named(event.id, 'Ann', { company: 'Globex 50%', job_title: 'Engineer', phone: '+47 222' });
    bob = await named(event.id, 'Bob', { company: 'Initech' });
    hidden = await named(event.id, 'Hilda', { is_hidden: true, company: 'Acme' });
    stranger = await named(other.id, 'Stan');
    for (let i = 0; i < 6; i++) await named(event.id, `Zed${i}`);
    publicGroup = await group(event.id, 'Speakers', true, [ann, hidden]);
    myPrivateGroup = await group(event.id, 'Crew', false, [me, bob]);
    theirPrivateGroup = await group(event.id, 'Board', false, [ann]);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('lists visible participants by name, never the hidden ones, and counts the same way', async () => {
    const res = await get(me, 'users');
    expect(res.status).toBe(200);
    const list = res.json<Participant[]>();
    expect(list.map((p) => p.Firstname).slice(0, 3)).toEqual(['Ann', 'Bob', 'Mia']);
    expect(ids(list)).not.toContain(hidden.id);
    expect(ids(list)).not.toContain(stranger.id);
    expect(list).toHaveLength(9);
    expect((await get(me, 'users/count')).json()).toEqual({ count: 9 });
  });

  it('pages with page and size', async () => {
    const first = (await get(me, 'users?page=1&size=4')).json<Participant[]>();
    const second = (await get(me, 'users?page=2&size=4')).json<Participant[]>();
    const third = (await get(me, 'users?page=3&size=4')).json<Participant[]>();
    expect([first.length, second.length, third.length]).toEqual([4, 4, 1]);
    expect(new Set([...ids(first), ...ids(second), ...ids(third)]).size).toBe(9);
    expect((await get(me, 'users?page=9&size=4')).json()).toEqual([]);
  });

  it('searches names, companies and job titles case-insensitively, wildcards taken literally', async () => {
    expect(ids((await get(me, 'users?search=acme')).json())).toEqual([me.id]);
    expect(ids((await get(me, 'users?search=ENGINEER')).json())).toEqual([ann.id]);
    expect(ids((await get(me, 'users?search=ann%20tester')).json())).toEqual([ann.id]);
    expect(ids((await get(me, 'users?search=50%25')).json())).toEqual([ann.id]);
    expect(ids((await get(me, 'users?search=%25')).json())).toEqual([ann.id]);
    expect(ids((await get(me, 'users?search=hilda')).json())).toEqual([]);
    expect((await get(me, 'users/count?search=zed')).json()).toEqual({ count: 6 });
  });

  it('filters by a group the caller can see, leaving hidden members out', async () => {
    expect(ids((await get(me, `users?groupId=${publicGroup}`)).json())).toEqual([ann.id]);
    expect((await get(me, `users/count?groupId=${publicGroup}`)).json()).toEqual({ count: 1 });
    expect(ids((await get(me, `users?groupId=${myPrivateGroup}`)).json())).toEqual([bob.id, me.id]);
    expect((await get(me, `users?groupId=${theirPrivateGroup}`)).status).toBe(404);
    expect((await get(me, 'users/count?groupId=999999')).status).toBe(404);
  });

  it('answers 400 naming the field for bad parameters', async () => {
    for (const [query, field] of [['page=0', 'page'], ['page=x', 'page'], ['size=101', 'size'], ['size=-1', 'size'], ['groupId=abc', 'groupId'], [`search=${'a'.repeat(201)}`, 'search']]) {
      const res = await get(me, `users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: 'request.invalid', field });
    }
    expect((await get(me, 'users/count?groupId=1.5')).json()).toMatchObject({ field: 'groupId' });
  });

  it('shows phone and e-mail only where the event makes them visible', async () => {
    const annSeen = (await get(me, `participant/${ann.id}`)).json<Participant>();
    expect(annSeen).toMatchObject({ UserID: ann.id, Firstname: 'Ann', Company: 'Globex 50%', Phone: null, Cell: null, Hidden: '0' });
    expect(annSeen.Email).toMatch(/@example\.org$/);
    await f.db.kysely.updateTable('events').set({ features: featuresOn('stageTabParticipants', 'profilePhoneVisible'), version: 99 }).where('id', '=', event.id).execute();
    try {
      // The node sees the event's new version on its next read of the event (its cache follows the version).
      await expect.poll(async () => {
        const withPhone = (await get(me, `participant/${ann.id}`)).json<Participant>();
        return [withPhone.Phone, withPhone.Email];
      }, { timeout: 5000, interval: 50 }).toEqual(['+47 222', null]);
    } finally {
      await f.db.kysely.updateTable('events').set({ features: featuresOn('stageTabParticipants', 'profileEmailVisible'), version: 100 }).where('id', '=', event.id).execute();
    }
  });

  it('gives one participant; a hidden, unknown or other event\'s id is 404, a bad id 400', async () => {
    expect((await get(me, `participant/${bob.id}`)).status).toBe(200);
    expect((await get(me, `participant/${hidden.id}`)).status).toBe(404);
    expect((await get(me, `participant/${stranger.id}`)).status).toBe(404);
    expect((await get(me, 'participant/999999')).status).toBe(404);
    expect((await get(me, 'participant/abc')).json()).toMatchObject({ error: 'request.invalid', field: 'id' });
    // A hidden attendee still sees their own profile.
    expect((await get(hidden, `participant/${hidden.id}`)).status).toBe(200);
  });

  it('gives the visible participants among a list of ids', async () => {
    const list = (await get(me, `participants/${bob.id},${hidden.id},${ann.id},${stranger.id},999999`)).json<Participant[]>();
    expect(ids(list)).toEqual([ann.id, bob.id].sort((a, b) => a - b));
    expect((await get(me, 'participants/1,x')).json()).toMatchObject({ error: 'request.invalid', field: 'ids' });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await get(me, `participants/${tooMany}`)).status).toBe(400);
  });

  it('marks who is online, in lists and in users/online, never naming a hidden attendee', async () => {
    const onBob = await connect(server, event.host, { token: bob.token });
    const onHidden = await connect(server, event.host, { token: hidden.token });
    try {
      await expect.poll(async () => (await get(me, 'users/online')).json(), { timeout: 3000, interval: 50 }).toEqual({ online: [bob.id] });
      const list = (await get(me, 'users')).json<Participant[]>();
      expect(list.find((p) => p.UserID === bob.id)?.Online).toBe(true);
      expect(list.find((p) => p.UserID === ann.id)?.Online).toBe(false);
    } finally {
      onBob.ws.close();
      onHidden.ws.close();
    }
  });

  it('gives my groups, the groups I can see and the public groups with visible members only', async () => {
    expect((await get(me, 'user/groups')).json<Group[]>()).toEqual([{ id: myPrivateGroup, name: 'Crew' }]);
    expect((await get(me, 'groups')).json<Group[]>()).toEqual([{ id: myPrivateGroup, name: 'Crew' }, { id: publicGroup, name: 'Speakers' }]);
    expect((await get(ann, 'groups')).json<Group[]>().map((g) => g.name)).toEqual(['Board', 'Speakers']);
    expect((await get(me, 'publicGroups')).json<PublicGroup[]>()).toEqual([{ id: publicGroup, name: 'Speakers', userIds: [ann.id] }]);
  });

  it('refuses callers without a login (401), a token of another event (403) and another event\'s path (403)', async () => {
    for (const path of ['users', 'users/count', 'users/online', 'user/groups', 'groups', 'publicGroups', `participant/${ann.id}`, `participants/${ann.id}`]) {
      expect((await get(undefined, path)).status, path).toBe(401);
      expect((await get(stranger, path)).status, path).toBe(403);
      const wrongPath = await call(server, `/api/liveEvent/${other.id}/${path}`, { host: event.host, headers: me.auth });
      expect(wrongPath.status, path).toBe(403);
    }
  });

  it('lists nobody in an event without a participant list or chat (403)', async () => {
    const lonely = await newAttendee(f, closed.id);
    expect((await get(lonely, 'users', closed)).json()).toMatchObject({ error: 'participants.forbidden' });
    expect((await get(lonely, 'users/count', closed)).status).toBe(403);
  });
});
