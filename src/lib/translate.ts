/**
 * The one way islands get their texts: the page picks the locale sections an island needs with
 * messagesFor (~/lib/i18n) and passes them as the serialisable `messages` prop; the island makes
 * `t` with `useMemo(() => createT(messages), [messages])` and hands `t` to its sub-components.
 * Server render and hydration read the same prop, so both show the same words, and the browser
 * ships neither i18next nor whole locale files. Keys keep their section: `t('stream.goBack', { title })`.
 */
export type Messages = { [key: string]: string | Messages };

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

// English and Norwegian share the plural categories one (1) and other, as i18next's suffixes.
const plurals = new Intl.PluralRules('en');

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * i18next-compatible lookup of dotted keys with {{name}} interpolation; a numeric `count` picks
 * `key_one` / `key_other` when the key itself has no text; a missing key shows itself.
 */
export function createT(messages: Messages): Translate {
  return (key, vars) => {
    const count = vars?.['count'];
    const node = lookup(messages, key) ?? (typeof count === 'number' ? lookup(messages, `${key}_${plurals.select(count)}`) : undefined);
    if (node === undefined) return key;
    return vars ? node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(vars[name] ?? whole)) : node;
  };
}
