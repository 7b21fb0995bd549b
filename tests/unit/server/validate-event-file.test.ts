import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateEventFile } from '~/server/event-import/validate-event-file';

const NOW = new Date('2026-05-20T10:07:00Z');
const small = () => JSON.parse(readFileSync(new URL('../../fixtures/small.event.json', import.meta.url), 'utf8')) as Record<string, any>;

function issuesOf(file: unknown): string[] {
  const result = validateEventFile(file, NOW);
  return result.ok ? [] : result.issues;
}

describe('event file validation', () => {
  it('accepts a complete file and resolves its relative times', () => {
    const result = validateEventFile(small(), NOW);
    if (!result.ok) throw new Error(result.issues.join('\n'));
    expect(result.file.start).toBe('2026-05-20T06:00:00.000Z');
    expect(result.file.sessions[0]!.start).toBe('2026-05-20T07:00:00.000Z');
    expect(result.file.timeline[0]!.createdAt).toBe('2026-05-20T09:30:00.000Z');
    expect(result.file.users[0]!.email).toBe('ada@example.org');
  });

  it('names the field path of a schema error with list indexes', () => {
    const file = small();
    file['users'][1].email = 'not-an-email';
    file['sessions'][2].start = 'tomorrow';
    delete file['name'];
    const issues = issuesOf(file);
    expect(issues).toContain('users[1].email: must be an e-mail address');
    expect(issues).toContainEqual(expect.stringMatching(/^sessions\[2\]\.start: must be ISO 8601 with a zone/));
    expect(issues).toContainEqual(expect.stringMatching(/^name: /));
  });

  it('names an unknown field by its path', () => {
    const file = small();
    file['speakers'][0].nickname = 'Amazing';
    expect(issuesOf(file)).toContainEqual(expect.stringMatching(/^speakers\[0\]\.nickname: /));
  });

  it('reports references to keys and e-mails that do not exist', () => {
    const file = small();
    file['sessions'][0].speakers = ['grace', 'nobody'];
    file['sessions'][1].track = 'attic';
    file['groups'][0].members.push('ghost@example.org');
    file['documents'][1].sponsor = 'initech';
    file['polls'][2].items[1].sponsor = 'initech';
    file['timeline'][0].comments[0].author = 'ghost@example.org';
    file['lobbyElements'][1].options.topSponsorOptions[1].sponsor = 'initech';
    expect(issuesOf(file)).toEqual(expect.arrayContaining([
      'sessions[0].speakers[1]: unknown speaker "nobody"',
      'sessions[1].track: unknown track "attic"',
      'groups[0].members[2]: unknown user e-mail "ghost@example.org"',
      'documents[1].sponsor: unknown sponsor "initech"',
      'polls[2].items[1].sponsor: unknown sponsor "initech"',
      'timeline[0].comments[0].author: unknown user e-mail "ghost@example.org"',
      'lobbyElements[1].options.topSponsorOptions[1].sponsor: unknown sponsor "initech"',
    ]));
  });

  it('reports duplicate keys, e-mails and poll codes', () => {
    const file = small();
    file['tracks'][1].key = 'main';
    file['users'][2].email = 'BOB@example.org';
    file['polls'][2].items[0].key = 'mood';
    file['polls'][2].items[1].code = '1234';
    expect(issuesOf(file)).toEqual(expect.arrayContaining([
      'tracks[1].key: key "main" is already used by tracks[0]',
      'users[2].email: e-mail "bob@example.org" is already used by users[1]',
      'polls[2].items[0].key: "mood" is already used by polls[0]',
      'polls[2].items[1].code: "1234" is already used by polls[1]',
    ]));
  });

  it('reports a category of the wrong type where it is used', () => {
    const file = small();
    file['sessions'][0].categories = ['gold'];
    expect(issuesOf(file)).toContain('sessions[0].categories[0]: category "gold" is a sponsor category; use a category with type "agenda"');
  });

  it('reports an end that is not after the start, after resolving relative times', () => {
    const file = small();
    file['sessions'][1].end = '+0d 09:59';
    file['end'] = '2020-01-01T00:00:00Z';
    expect(issuesOf(file)).toEqual(expect.arrayContaining(['sessions[1].end: must be after start', 'end: must be after start']));
  });

  it('rejects a stored password hash this platform cannot verify', () => {
    const file = small();
    file['users'][2].passwordHash = '$2b$10$bcryptstyle';
    expect(issuesOf(file)).toContainEqual(expect.stringMatching(/^users\[2\]\.passwordHash: /));
  });
});
