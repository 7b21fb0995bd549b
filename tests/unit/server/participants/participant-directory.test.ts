import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type Features } from '~/contracts/event-settings';
import { buildDirectory, matching, pageBody, toParticipant } from '~/server/participants/participant-directory';
import type { ParticipantRow } from '~/server/participants/participant.repository';
import { parseDataChange, dataChangeMessage } from '~/server/realtime/data-change';

const features = (on: Partial<Features> = {}): Features => ({ ...Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])), ...on }) as Features;

const row = (id: number, firstName: string, fields: Partial<ParticipantRow> = {}): ParticipantRow => ({
  id, firstName, lastName: 'Tester', title: null, company: null, jobTitle: null, about2: null, picture: null,
  phone: '+47 1', email: `${firstName}@x.test`, linkedin: null, facebook: null, instagram: null, twitter: null, ...fields,
});

const rows = [
  row(3, 'Ann', { company: 'Globex 50%', jobTitle: 'Engineer', about2: 'Says "hi" – ✓' }),
  row(1, 'Bob', { company: 'Initech' }),
  row(2, 'Åse', { company: 'ÆØÅ AS' }),
];
const decode = (body: Uint8Array) => Buffer.from(body).toString('utf8');
const ids = (entries: readonly { id: number }[]) => entries.map((e) => e.id);

describe('the participant directory', () => {
  it('sends the same bytes as serialising each participant per request, online state included', () => {
    const shown = features({ profileEmailVisible: true });
    const directory = buildDirectory(rows, [], shown);
    const online = new Set([1, 99]);
    const expected = JSON.stringify(rows.map((r) => toParticipant(r, shown, online.has(r.id))));
    expect(decode(pageBody(directory.entries, online))).toBe(expected);
    expect(decode(pageBody([], online))).toBe('[]');
    expect(decode(pageBody(directory.entries.slice(1, 2), online))).toBe(JSON.stringify([toParticipant(rows[1]!, shown, true)]));
  });

  it('keeps phone and e-mail out unless the event shows them', () => {
    const [ann] = JSON.parse(decode(pageBody(buildDirectory(rows, [], features()).entries, new Set()))) as { Phone: null; Email: null }[];
    expect(ann).toMatchObject({ Phone: null, Cell: null, Email: null, Hidden: '0', Online: false });
  });

  it('keeps the list order of its rows and searches names, companies and job titles, case and wildcards taken literally', () => {
    const directory = buildDirectory(rows, [], features());
    expect(ids(matching(directory, {}))).toEqual([3, 1, 2]);
    expect(ids(matching(directory, { search: 'ENGINEER' }))).toEqual([3]);
    expect(ids(matching(directory, { search: 'ann tester' }))).toEqual([3]);
    expect(ids(matching(directory, { search: '50%' }))).toEqual([3]);
    expect(ids(matching(directory, { search: '%' }))).toEqual([3]);
    expect(ids(matching(directory, { search: '_' }))).toEqual([]);
    expect(ids(matching(directory, { search: 'æøå' }))).toEqual([2]);
    expect(ids(matching(directory, { search: 'nobody' }))).toEqual([]);
  });

  it('filters by group members, together with the search; an empty group lists nobody', () => {
    const directory = buildDirectory(rows, [{ groupId: 7, userId: 1 }, { groupId: 7, userId: 3 }, { groupId: 8, userId: 2 }], features());
    expect(ids(matching(directory, { groupId: 7 }))).toEqual([3, 1]);
    expect(ids(matching(directory, { groupId: 7, search: 'initech' }))).toEqual([1]);
    expect(ids(matching(directory, { groupId: 9 }))).toEqual([]);
  });
});

describe('the people data change', () => {
  it('travels with its scope; an unknown scope is taken as stored', () => {
    expect(parseDataChange(dataChangeMessage(4, 'people'))).toEqual({ eventId: 4, scope: 'people' });
    expect(parseDataChange(Buffer.from(JSON.stringify({ type: 'data-change', eventId: 4, scope: 'newer' })))).toEqual({ eventId: 4, scope: 'stored' });
  });
});
