import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isResultsReturn, PAGES } from '~/server/routes/page-table';

const PAGES_DIR = fileURLToPath(new URL('../../../../src/pages/', import.meta.url));

/** Astro's route pattern of every page and endpoint file under src/pages. */
function patterns(dir = PAGES_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return patterns(path);
    const route = '/' + relative(PAGES_DIR, path).replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '');
    return [route === '/' ? route : route.replace(/\/$/, '')];
  });
}

describe('the page table', () => {
  it('declares every page and endpoint of src/pages, and nothing else', () => {
    expect(Object.keys(PAGES).sort()).toEqual(patterns().sort());
  });

  it('names a results login for every results and admission page, and keeps no page a guard may refuse for visitors', () => {
    for (const [pattern, rules] of Object.entries(PAGES)) {
      if (rules.who === 'results' || rules.who === 'admission') expect(rules.resultsLogin, pattern).toMatch(/^\/login-/);
      if (rules.cache === 'visitor') expect(['anyone', 'guest'], pattern).toContain(rules.who);
      if (rules.cache === 'member') expect(['member', 'anyone'], pattern).toContain(rules.who);
    }
  });

  it('lets a results login send the viewer back only to a results or admission page', () => {
    for (const path of ['/pollResults', '/pollResults/abc-123', '/quiz-management/k1', '/participantsAdmitted', '/participantsCheckIn', '/treasure-hunt-open-text/x']) {
      expect(isResultsReturn(path), path).toBe(true);
    }
    for (const path of ['/api/liveEvent/demo/sendContactInfo/1', '/api/liveEvent/1/sendAllDocuments', '/console', '/stage', '/', '//evil.example/pollResults',
      '/pollResults/a/b', '/pollResults?x=1', '/pollResults/../console', 'https://evil.example/pollResults', '/logout', '']) {
      expect(isResultsReturn(path), path).toBe(false);
    }
  });
});
