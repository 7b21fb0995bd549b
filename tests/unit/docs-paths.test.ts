import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = [
  ...readdirSync(join(ROOT, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`),
  'README.md',
  'src/server/README.md',
];
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** A path as the pages quote it: from the repository's root, or from `src/` or `src/server/`; a module without its extension. */
const exists = (path: string) => ['', 'src/', 'src/server/'].some((base) => ['', '.ts', '.tsx'].some((ext) => existsSync(join(ROOT, base, path + ext))));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
const anchorOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

function lines(page: string): [number, string][] {
  return read(page).split('\n').map((line, i): [number, string] => [i + 1, line]);
}

describe('the docs name what exists', () => {
  it('every quoted file or folder of the repository that a docs page names exists', () => {
    const missing: string[] = [];
    const QUOTED = /`((?:src|tests|docs|scripts|bench|lint|middleware|node-server|deploy|events|locales|public)\/[^`\s]*)`/g;
    for (const page of PAGES) {
      for (const [n, line] of lines(page)) {
        for (const [, quoted] of line.matchAll(QUOTED)) {
          const path = quoted!.replace(/[#:(].*$/, '');
          // Patterns and placeholders, and the figures files a benchmark writes when it runs.
          if (/[*{<$|]/.test(path) || path.startsWith('bench/results/')) continue;
          if (!exists(path)) missing.push(`${page}:${n}: ${path}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('every link between docs pages reaches a page, and the heading its anchor names', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const [n, line] of lines(page)) {
        for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^[a-z]+:/.test(target!) || target!.startsWith('#')) continue;
          const [file, anchor] = target!.split('#') as [string, string | undefined];
          const path = join(dirname(page), file);
          if (!existsSync(join(ROOT, path))) {
            broken.push(`${page}:${n}: ${target}`);
            continue;
          }
          if (anchor && path.endsWith('.md')) {
            const anchors = read(path).split('\n').filter((l) => l.startsWith('#')).map((l) => anchorOf(l.replace(/^#+/, '')));
            if (!anchors.includes(anchor)) broken.push(`${page}:${n}: ${target} (no such heading)`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
