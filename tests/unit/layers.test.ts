import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// Plants files at virtual paths and lints them with the project's own eslint.config.js, keeping
// only the layer rule; type information is switched off because the planted files are not on disk.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === 'layers/imports',
});

async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  if (!result) throw new Error(`nothing linted for ${path}`);
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${path} did not parse: ${fatal.message}`);
  return result.messages.map((message) => /\[([a-z-]+)\]$/.exec(message.message)?.[1] ?? message.message);
}

const astroPage = (frontmatter: string, body = '<p>planted</p>') => `---\n${frontmatter}\n---\n${body}\n`;

// The first lint loads ESLint's parsers and plugins: seconds on a quiet machine, many more on a busy one.
describe('layer rules (lint/layers.js)', { timeout: 60_000 }, () => {
  it.each([
    ['src/islands/planted/Widget.tsx', "import { config } from '~/server/config';\nexport const x = config;", 'islands-stay-in-the-browser'],
    ['src/islands/planted/Widget.tsx', "import { memberJson } from '~/islands/http/api.client';\nexport const x = memberJson;", 'islands-fetch-through-stores'],
    ['src/islands/planted/widget.ts', "import { toInt } from '../../server/db/sql-values';\nexport const x = toInt;", 'ui-reads-through-services'],
    ['src/pages/planted.astro', astroPage("import { createUserRepository } from '~/server/users/user.repository';\nconst users = createUserRepository;"), 'ui-reads-through-services'],
    ['src/components/planted/Card.astro', astroPage('', "<script>\nimport { sql } from 'kysely';\nconsole.info(sql);\n</script>"), 'ui-reads-through-services'],
    ['src/layouts/Planted.astro', astroPage("import { database } from '../server/db/database';\nconst db = database;"), 'ui-reads-through-services'],
    ['src/contracts/planted.ts', "import { translator } from '~/lib/i18n';\nexport const x = translator;", 'contracts-import-only-packages'],
    ['src/contracts/planted.ts', "export type { Config } from '../server/config';", 'contracts-import-only-packages'],
    ['src/server/leads/planted.service.ts', "import { createSponsorRepository } from '~/server/sponsors/sponsor.repository';\nexport const x = createSponsorRepository;", 'domains-meet-through-services'],
    ['src/server/leads/planted.service.ts', "import type { SponsorRepository } from '../sponsors/sponsor.repository';\nexport type X = SponsorRepository;", 'domains-meet-through-services'],
    ['src/server/leads/planted.ts', "import { hub } from '~/server/realtime/hub';\nexport const x = hub;", 'domains-meet-through-services'],
    ['src/server/leads/planted.service.ts', "import { toInt } from '~/server/db/sql-values';\nexport const x = toInt;", 'rows-stay-in-repositories'],
    ['src/server/http/planted.ts', "import { sql } from 'kysely';\nexport const x = sql;", 'query-builder-in-repositories'],
    ['middleware/planted.ts', "export const load = () => import('~/server/db/database');", 'ui-reads-through-services'],
    ['scripts/planted.ts', "export const load = () => import('~/server/db/database');", 'query-builder-in-repositories'],
  ])('reports %s (%#)', async (path, code, rule) => {
    expect(await layerErrors(path, code)).toEqual([rule]);
  });

  it('accepts imports that follow the layers', async () => {
    const clean: Array<[string, string]> = [
      ['src/islands/planted/Widget.tsx', "import type { AgendaDay } from '~/contracts/agenda';\nimport { useStore } from '@nanostores/react';\nexport type X = AgendaDay;\nexport const y = useStore;"],
      ['src/islands/planted/planted.store.ts', "import { memberJson } from '~/islands/http/api.client';\nexport const x = memberJson;"],
      ['src/pages/planted.astro', astroPage("import { services } from '~/server/services';\nimport LobbyLayout from '~/layouts/LobbyLayout.astro';\nconst s = services;", '<LobbyLayout />')],
      ['src/contracts/planted.ts', "import * as v from 'valibot';\nimport type { AgendaDay } from './agenda';\nexport const s = v.string();\nexport type X = AgendaDay;"],
      ['src/server/leads/planted.service.ts', "import type { SponsorService } from '~/server/sponsors/sponsor.service';\nimport { DomainError } from '~/server/errors';\nimport { realtime } from '~/server/realtime/index';\nimport { json } from '~/server/http/respond';\nimport { createLeadRepository } from './lead.repository';\nexport type X = SponsorService;\nexport const y = [DomainError, realtime, json, createLeadRepository];"],
      ['src/server/leads/planted.repository.ts', "import { sql } from 'kysely';\nimport type { Db } from '~/server/db/database';\nimport { toInt } from '~/server/db/sql-values';\nexport type X = Db;\nexport const y = [sql, toInt];"],
      ['src/server/app.ts', "import { database } from '~/server/db/database';\nimport { createSponsorRepository } from '~/server/sponsors/sponsor.repository';\nexport const x = [database, createSponsorRepository];"],
    ];
    for (const [path, code] of clean) expect(await layerErrors(path, code), path).toEqual([]);
  });
});
