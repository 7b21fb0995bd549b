import type { RouteDeclaration } from '~/server/http/route-rules';

const WHO: Record<RouteDeclaration['who'], string> = {
  anyone: 'anyone',
  login: 'anyone (signs in or out)',
  member: 'member',
  organiser: 'organiser of the event',
  results: 'results session',
  admin: 'admin token',
  probe: 'ops probe',
};

const size = (bytes: number | undefined) => (bytes === undefined ? '' : bytes >= 1_048_576 ? `${+(bytes / 1_048_576).toFixed(1)} MB` : `${+(bytes / 1024).toFixed(1)} kB`);

/** docs/api.md: every route of the table with its declared rules, in path order (`npm run docs:api` writes it). */
export function apiDocs(routes: readonly RouteDeclaration[]): string {
  const rows = [...routes]
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((r) => `| ${r.method} | \`${r.path}\` | ${WHO[r.who]} | ${r.sideEffects ? 'yes' : ''} | ${r.cache} | ${size(r.bodyLimit)} | ${r.limit ?? ''} |`);
  return [
    '# The calls',
    '',
    'Generated from the route table (`src/server/routes/route-table.ts`) by `npm run docs:api`; a unit',
    'test fails when this file is stale. What each rule means: `src/server/http/route-rules.ts` and',
    'docs/request-path.md. **Who**: who may call it. **Side effects**: a caller known only by the',
    'session cookie must prove the request comes from the event\'s own pages. **Cache**: `visitor`',
    '(kept for every visitor), `member` (kept for every member of the event, per event version),',
    '`private` (never kept). **Body**: the largest body a write may announce. **Budget**: the',
    'per-user limit it spends.',
    '',
    '| Method | Path | Who | Side effects | Cache | Body | Budget |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
