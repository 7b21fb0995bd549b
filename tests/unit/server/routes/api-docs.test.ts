import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiDocs } from '~/server/routes/api-docs';
import { ROUTES } from '~/server/routes/route-table';

const DOC = fileURLToPath(new URL('../../../../docs/api.md', import.meta.url));

describe('docs/api.md', () => {
  it('lists every route of the table with its declared rules (npm run docs:api writes it)', () => {
    const expected = apiDocs(ROUTES);
    if (process.env['UPDATE_API_DOCS'] === '1') writeFileSync(DOC, expected);
    expect(readFileSync(DOC, 'utf8')).toBe(expected);
    for (const route of ROUTES) expect(expected).toContain(`| ${route.method} | \`${route.path}\` |`);
  });
});
