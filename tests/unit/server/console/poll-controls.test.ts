import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '~/contracts/login';
import type { Organiser } from '~/server/console/console.service';
import { consoleScenario, failureOf as code, type ConsoleFixture } from './console-fixture';

const STAGE = { version: 1, mainStreamUrl: null, stageSessionId: null, stageTitle: null, holdingImageUrl: null, holdingShown: false };

// On SQLite, and on PostgreSQL as well when TEST_DATABASE_URL is set.
describe('console poll controls', () => {
  let f: ConsoleFixture;
  let eventId: number;
  let organiser: Organiser;
  let attendee: AuthUser;

  beforeAll(async () => ({ f, eventId, organiser, attendee } = await consoleScenario('show')));
  afterAll(async () => f.close());
  beforeEach(() => {
    f.frames.length = 0;
    f.tallies.length = 0;
  });

  const version = async () => Number((await f.k.selectFrom('events').select('version').where('id', '=', eventId).executeTakeFirstOrThrow()).version);

  it('lets only organisers of this event in: 401 without a session, 403 for an attendee and for another event\'s organiser', async () => {
    const other = await f.newEvent('other-show');
    const otherOrganiser = await f.newUser(other, 'elsewhere', true);
    expect(await code(() => f.service.organiser({ eventId }, undefined))).toBe('auth.unauthorized');
    expect(await code(() => f.service.organiser({ eventId }, attendee))).toBe('console.forbidden');
    expect(await code(() => f.service.organiser({ eventId }, otherOrganiser))).toBe('console.forbidden');
    expect((await f.service.page({ eventId, ...STAGE }, undefined)).kind).toBe('login');
    expect((await f.service.page({ eventId, ...STAGE }, attendee)).kind).toBe('forbidden');
    expect((await f.service.page({ eventId, ...STAGE }, otherOrganiser)).kind).toBe('forbidden');
  });

  it('renders the console page for an organiser with live now, the polls, the timeline and the activity', async () => {
    const poll = await f.newPoll(eventId, 'listed');
    await f.newPost(eventId, attendee.userId, 'hello');
    // The activity's newest entry is this test's own, whatever ran before it in the file.
    await f.service.polls.setResultsVisible(organiser, poll.id, true);
    const page = await f.service.page({ eventId, ...STAGE }, { userId: organiser.userId, eventId, email: 'org@console.test', firstName: 'org', lastName: 'Test', isOrganiser: true });
    if (page.kind !== 'view') throw new Error(`expected the view, got ${page.kind}`);
    expect(page.view.polls.map((p) => p.id)).toContain(poll.id);
    expect(page.view.liveNow.polls.map((p) => p.id)).toContain(poll.id);
    expect(page.view.timeline.map((item) => item.Message)).toContain('hello');
    expect(page.view.activity.entries[0]).toMatchObject({ action: 'poll.results', target: `poll:${poll.id}`, after: { publicResults: true } });
  });

  it('opens and closes a poll: the event\'s version stays, `polls` alone is announced, the change is audited and poll-change carries the state', async () => {
    const poll = await f.newPoll(eventId, 'opening', { isOpen: false });
    const start = await version();
    f.dataChanges.length = 0;
    await f.service.polls.open(organiser, poll.id);
    expect(await version()).toBe(start);
    expect(f.dataChanges).toEqual([{ eventId, scope: 'polls' }]);
    expect(f.frames).toContainEqual({ eventId, name: 'poll-change', data: { pollId: poll.id, parentId: null, isOpen: true, publicResults: false } });
    expect(f.tallies).toEqual([poll.id]);
    await f.service.polls.close(organiser, poll.id);
    const { entries } = await f.service.audit.list(organiser);
    expect(entries.slice(0, 2).map((e) => [e.action, e.target, e.before, e.after, e.userName])).toEqual([
      ['poll.close', `poll:${poll.id}`, { isOpen: true, publicResults: false }, { isOpen: false, publicResults: false }, 'org Test'],
      ['poll.open', `poll:${poll.id}`, { isOpen: false, publicResults: false }, { isOpen: true, publicResults: false }, 'org Test'],
    ]);
  });

  it('reveals and hides results', async () => {
    const poll = await f.newPoll(eventId, 'reveal');
    expect((await f.service.polls.setResultsVisible(organiser, poll.id, true)).isPublicResults).toBe(true);
    expect(f.frames.at(-1)?.data).toMatchObject({ pollId: poll.id, publicResults: true });
  });

  it('resets a poll: its answers and tallies go, the audit keeps how many there were, the event\'s version stays', async () => {
    const poll = await f.newPoll(eventId, 'resetting');
    await f.answer(poll, attendee.userId);
    expect((await f.service.polls.list(organiser)).find((p) => p.id === poll.id)?.answers).toBe(1);
    const start = await version();
    f.dataChanges.length = 0;
    expect(await f.service.polls.reset(organiser, poll.id)).toEqual({ removed: 1 });
    expect(await version()).toBe(start);
    expect(f.dataChanges).toEqual([{ eventId, scope: 'polls' }]);
    expect((await f.service.polls.list(organiser)).find((p) => p.id === poll.id)?.answers).toBe(0);
    const choices = await f.k.selectFrom('poll_answer_choices').select('answer_id').execute();
    expect(choices).toHaveLength(0);
    expect((await f.service.audit.list(organiser, { limit: 1 })).entries[0]).toMatchObject({ action: 'poll.reset', before: { answers: 1 }, after: { answers: 0 } });
    expect(f.tallies).toContain(poll.id);
  });

  it('puts a poll on the stage once as a promoted item and takes it off again', async () => {
    const poll = await f.newPoll(eventId, 'staged', { questionType: 2 });
    const { timelineId } = await f.service.polls.promote(organiser, poll.id);
    expect(await f.service.polls.promote(organiser, poll.id)).toEqual({ timelineId });
    const added = f.frames.filter((x) => x.name === 'promoted-message-add');
    expect(added).toHaveLength(1);
    expect(added[0]!.data).toMatchObject({ timelineId, item: { isPromo: '1', Promolink: `/stage?page=quiz&id=${poll.id}`, Message: 'staged' } });
    expect((await f.service.polls.list(organiser)).find((p) => p.id === poll.id)?.isPromoted).toBe(true);
    expect(await f.service.polls.unpromote(organiser, poll.id)).toEqual({ removed: 1 });
    expect(f.frames.at(-1)).toEqual({ eventId, name: 'promoted-message-remove', data: { timelineId } });
    expect((await f.service.polls.list(organiser)).find((p) => p.id === poll.id)?.isPromoted).toBe(false);
  });

  it('404s another event\'s poll and refuses a quiz item', async () => {
    const other = await f.newEvent('third-show');
    const foreign = await f.newPoll(other, 'foreign');
    const quiz = await f.newPoll(eventId, 'quiz', { questionType: 2 });
    const item = await f.newPoll(eventId, 'item', { parentId: quiz.id });
    expect(await code(() => f.service.polls.open(organiser, foreign.id))).toBe('poll.not_found pollId');
    expect(await code(() => f.service.polls.close(organiser, item.id))).toBe('console.invalid pollId');
  });
});
