import type * as v from 'valibot';
import type { RouteDeclaration, RouteInput } from '~/server/http/route-rules';

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

/** The fields a schema names: an object's keys (optional ones with `?`), a union's alternatives' together. */
function fieldsOf(schema: v.GenericSchema): string {
  const shape = schema as { entries?: Record<string, { type: string }>; options?: v.GenericSchema[]; pipe?: v.GenericSchema[] };
  if (shape.entries) return Object.entries(shape.entries).map(([name, entry]) => (entry.type === 'optional' ? `${name}?` : name)).join(', ');
  if (shape.options) return [...new Set(shape.options.flatMap((option) => fieldsOf(option).split(', ')))].join(', ');
  const inner = shape.pipe?.[0];
  return inner && inner !== schema ? fieldsOf(inner) : '…';
}

/** A route's declared input, part by part (path parameters are in its path). */
function inputOf(input: RouteInput | undefined): string {
  if (!input) return '';
  return (['query', 'body'] as const).filter((part) => input[part]).map((part) => `${part}: ${fieldsOf(input[part]!)}`).join('; ');
}

/** docs/api.md: every route of the table with its declared rules, in path order (`npm run docs:api` writes it). */
export function apiDocs(routes: readonly RouteDeclaration[]): string {
  const rows = [...routes]
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((r) => `| ${r.method} | \`${r.path}\` | ${WHO[r.who]} | ${r.sideEffects ? 'yes' : ''} | ${inputOf(r.input)} | ${r.cache} | ${size(r.bodyLimit)} | ${r.limit ?? ''} |`);
  return [
    '# The calls',
    '',
    'Generated from the route table (`src/server/routes/route-table.ts`) by `npm run docs:api`; a unit',
    'test fails when this file is stale. What each rule means: `src/server/http/route-rules.ts` and',
    'docs/request-path.md. **Who**: who may call it. **Side effects**: a caller known only by the',
    'session cookie must prove the request comes from the event\'s own pages. **Cache**: `visitor`',
    '(kept for every visitor), `member` (kept for every member of the event, per event version),',
    '`private` (never kept). **Body**: the largest body a write may announce. **Budget**: the',
    'per-user limit it spends. **Input**: the query and body fields its schemas declare (`?`: optional),',
    'parsed by the guard before the handler runs (a bad one is a 400 naming it). A path\'s `:eventId`',
    'must name the host\'s event (403 for another\'s).',
    '',
    '| Method | Path | Who | Side effects | Input | Cache | Body | Budget |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
