import { describe, expect, it } from 'vitest';
import { copiedEventFile, emptyEventFile } from '~/server/platform-admin/event-copy';

const input = { slug: 'copy', host: 'copy.example.org', name: 'Copy', language: 'nb' as const, timeZone: 'Europe/Oslo', start: '2030-01-01T09:00:00Z', end: '2030-01-02T17:00:00Z' };

const source = {
  slug: 'old', name: 'Old', language: 'en', timeZone: 'UTC', start: '2029-01-01T09:00:00Z', end: '2029-01-01T17:00:00Z',
  regEventCode: 'R1', resultsPasswordHash: 'hash', participantsPasswordHash: 'hash2',
  users: [{ email: 'a@example.org' }], timeline: [{ key: 't' }], sharedLists: [{ key: 's' }],
  sessions: [{ key: 'opening', start: '2029-01-01T10:00:00Z', end: '2029-01-01T11:00:00Z' }],
  sponsors: [{ key: 'acme', users: ['a@example.org'], meetingRooms: [{ key: 'booth', name: 'Booth', url: 'https://x', start: '2029-01-01T09:00:00Z' }] }],
  groups: [{ key: 'vip', members: ['a@example.org'] }],
  polls: [{ key: 'p', accessKey: 'secret', resultsPasswordHash: 'h', items: [{ key: 'i', accessKey: 'k' }] }],
  infoPages: [{ key: 'faq', heading: 'FAQ', body: '<p>Q</p>' }],
};

describe('event copy', () => {
  it('makes an empty event of the operator\'s fields only', () => {
    expect(emptyEventFile(input)).toEqual({ slug: 'copy', name: 'Copy', language: 'nb', timeZone: 'Europe/Oslo', start: input.start, end: input.end });
  });

  it('keeps the programme and pages, moves sessions by as much as the start moved, and leaves people, passwords and poll keys behind', () => {
    const copy = copiedEventFile(source, input);
    expect(copy).toMatchObject({ slug: 'copy', name: 'Copy', infoPages: source.infoPages, groups: [{ key: 'vip', members: [] }] });
    expect(copy['sessions']).toEqual([{ key: 'opening', start: '2030-01-01T10:00:00.000Z', end: '2030-01-01T11:00:00.000Z' }]);
    expect(copy['sponsors']).toEqual([{ key: 'acme', users: [], meetingRooms: [{ key: 'booth', name: 'Booth', url: 'https://x' }] }]);
    expect(copy['polls']).toEqual([{ key: 'p', items: [{ key: 'i' }] }]);
    for (const gone of ['users', 'timeline', 'sharedLists', 'regEventCode', 'resultsPasswordHash', 'participantsPasswordHash']) expect(copy).not.toHaveProperty(gone);
  });
});
