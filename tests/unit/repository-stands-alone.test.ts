import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = ['src', 'tests', 'docs', 'scripts', 'bench', 'lint', 'middleware', 'README.md', 'server.mjs'];
const TEXT = /\.(ts|tsx|mts|mjs|js|astro|md|css|json)$/;

// Names of documents kept outside the repository; a person who clones it cannot follow them.
// Built from parts so this file does not name them itself.
const OUTSIDE = new RegExp(
  ['SP' + 'EC §', 'PRODUCT-' + 'DECISIONS', 'ARCHI' + 'TECTURE\\.md', 'STY' + 'LE\\.md', 'GLOSS' + 'ARY\\.md', '\\.\\./shared/[A-Z-]+\\.md'].join('|'),
);

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((file) => join(path, file))
    .filter((file) => TEXT.test(file) && !file.includes('node_modules') && statSync(join(ROOT, file)).isFile());
}

describe('the repository stands alone', () => {
  it('names no document outside the repository: references point to docs/ pages', () => {
    const found: string[] = [];
    for (const file of SCANNED.flatMap(files)) {
      readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
        if (OUTSIDE.test(line)) found.push(`${relative(ROOT, join(ROOT, file))}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found, 'cite docs/product.md §N, docs/decisions.md "Heading", docs/architecture.md or docs/glossary.md').toEqual([]);
  });
});
