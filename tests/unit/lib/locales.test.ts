import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import nb from '../../../locales/nb.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

/** Every text of a locale by its dotted key. */
function texts(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [inner, text] of texts(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

/** The names i18next fills in a text: `{{name}}`, `{{- name}}` (unescaped) and `{{name, format}}` all name `name`. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{-?\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]!))].sort();
}

const english = texts(en);
const norwegian = texts(nb);

describe('locales: every English text has its Norwegian pair and the reverse', () => {
  it('have the same keys', () => {
    expect([...english.keys()].filter((key) => !norwegian.has(key)), 'missing in nb.json').toEqual([]);
    expect([...norwegian.keys()].filter((key) => !english.has(key)), 'missing in en.json').toEqual([]);
  });

  it('fill the same placeholders in each pair', () => {
    // A singular may say "one" in words instead of the number ("det ene svaret"), so a `_one`
    // text may leave {{count}} out in either language; every other name must be in both.
    const differing = [...english].flatMap(([key, text]) => {
      const other = norwegian.get(key);
      if (other === undefined) return [];
      const drop = (names: string[]) => (key.endsWith('_one') ? names.filter((name) => name !== 'count') : names);
      return drop(placeholders(text)).join() === drop(placeholders(other)).join() ? [] : [{ key, en: text, nb: other }];
    });
    expect(differing).toEqual([]);
  });

  it('leave no text empty', () => {
    const empty = [...english, ...norwegian].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('are caught when a key, a placeholder or a text is missing', () => {
    expect(placeholders('{{count}} of {{- name}} at {{when, datetime}}')).toEqual(['count', 'name', 'when']);
    expect([...texts({ a: { b: 'x', c: { d: '' } } }).keys()]).toEqual(['a.b', 'a.c.d']);
  });
});
