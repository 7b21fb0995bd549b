import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import nb from '../../../locales/nb.json' with { type: 'json' };

/**
 * The words people read follow the glossary (docs/glossary.md): one word per thing in each
 * language, sentence case, and no word the glossary replaces.
 */

type Tree = { [key: string]: string | Tree };

function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
}

/** What a reader sees: placeholders, markup and nested `$t(…)` left out. */
function visible(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ');
}

type Rule = { word: RegExp; use: string };

// `(?<!\p{L})` and `(?!\p{L})` are word edges that know ø, å and æ.
const NORWEGIAN: Rule[] = [
  { word: /(?<!\p{L})(hoved)?strøm/iu, use: 'sending, direktesending (the video)' },
  { word: /(?<!\p{L})økt/iu, use: 'sesjon' },
  { word: /nettapp/iu, use: 'webapp' },
  { word: /(?<!\p{L})frakoblet(?!\p{L})/iu, use: 'ikke pålogget' },
  { word: /(?<!\p{L})enda(?!\p{L})/iu, use: 'ennå' },
  { word: /kundeservice|support/iu, use: 'brukerstøtte' },
  { word: /(?<!\p{L})støtte(?!r|\p{L}*(?<=støttet))/iu, use: 'brukerstøtte' },
  { word: /(?<!\p{L})brukernavn/iu, use: 'e-postadresse (there is no user name)' },
  { word: /(?<!\p{L})vennligst(?!\p{L})/iu, use: 'a plain request' },
  { word: /(?<!\p{L})er påkrevd(?!\p{L})/iu, use: 'an error that says what to do ("Skriv inn …")' },
  { word: /(?<!\p{L})på (nett|stedet)(?!\p{L})/iu, use: 'digitalt, fysisk' },
  { word: /pålogging/iu, use: 'innlogging, innloggingslenke' },
  { word: /^chat med/iu, use: '«Chatt med» (imperative)' },
  { word: /(?<!\p{L})Ok(?!\p{L})/u, use: 'OK' },
  { word: /for å bare/iu, use: 'for bare å' },
  { word: /(?<!\p{L})agenda/iu, use: 'program' },
  { word: /(?<!\p{L}|-)e-?mail|(?<!\p{L})epost/iu, use: 'e-post' },
  { word: /^Delta( på|$)/u, use: '«Meld deg på» (booking a seat)' },
  { word: /^(stolper|kake|punkter)$/iu, use: 'stolpediagram, kakediagram, punktdiagram' },
  { word: /\(er\)|\(e\)/u, use: 'a plural pair (_one/_other)' },
];

const ENGLISH: Rule[] = [
  { word: /(?<![\p{L}-])e-?mails?(?!\p{L})(?<!e-mails?)/iu, use: 'e-mail' },
  { word: /(?<!\p{L})login(?! (links?|codes?|page)\b)/iu, use: '"log in" (verb), or a noun: "login link", "login code"' },
  { word: /(?<!\p{L})participants?(?!\p{L})/iu, use: 'attendee' },
  { word: /(?<!\p{L})agenda/iu, use: 'programme' },
  { word: /(?<!\p{L})program(?!me|\p{L})/iu, use: 'programme' },
  { word: /(?<!\p{L})(web-app|webapp|web application)/iu, use: 'web app' },
  { word: /(?<!\p{L})Ok(?!\p{L})/u, use: 'OK' },
  { word: /(?<!\p{L})successfully(?!\p{L})/iu, use: 'say what happened' },
  { word: /(?<!\p{L})(helpdesk|help desk|customer service)(?!\p{L})/iu, use: 'support' },
  { word: /(?<!\p{L})scene(?!\p{L})/iu, use: 'stage' },
  { word: /(?<!\p{L})in its way(?!\p{L})/iu, use: '"on its way"' },
  { word: /\(s\)/u, use: 'a plural pair (_one/_other)' },
];

/**
 * Words that keep a capital inside a sentence: names and acronyms (all-capital words and their
 * plurals, "PINs", pass anyway). A word that starts a sentence or a line passes, and so do the
 * names of buttons and screens, which are quoted ("New chat", «Ny chat»).
 */
const PROPER = new Set([
  'I', 'Google', 'Outlook', 'Apple', 'iCal', 'Microsoft', 'Teams', 'Zoom', 'YouTube', 'Vimeo', 'Safari', 'Chrome',
  'Android', 'iPhone', 'iOS', 'Firefox', 'Edge', 'Markdown', 'Mux', 'Norsk', 'English', 'Bokmål', 'LinkedIn', 'Redis',
  'PostgreSQL', 'SQLite', 'Wi', 'Fi', 'Excel', 'Facebook', 'Twitter', 'Instagram', 'Calendar', 'Kalender',
]);

/** Capitalised words inside a sentence that are not names: Title Case. */
function titleCase(text: string): string[] {
  const found: string[] = [];
  const unquoted = visible(text).replace(/«[^»]*»|"[^"]*"|“[^”]*”/gu, ' ');
  for (const match of unquoted.matchAll(/\p{L}+/gu)) {
    const word = match[0];
    if (!/^\p{Lu}/u.test(word) || /^\p{Lu}+s?$/u.test(word) || PROPER.has(word)) continue;
    const gap = unquoted.slice(0, match.index).match(/\s*$/u)![0];
    const before = unquoted.slice(0, match.index).trimEnd();
    if (before === '' || gap.includes('\n') || /[.!?:(]$/u.test(before)) continue;
    found.push(word);
  }
  return found;
}

/** Texts where a verb follows the count, which reads right for any number ("1 har svart"). */
const COUNT_BEFORE_VERB = new Set(['polls.participants']);

/**
 * A text that starts with a count and is no plural form reads "1 uleste", "1 unread": it needs a
 * plural pair (`_one`/`_other`) or a label before the number ("Uleste: {{count}}").
 */
function countWithoutPlural(key: string, text: string): boolean {
  return !/_(zero|one|two|few|many|other)$/.test(key) && !COUNT_BEFORE_VERB.has(key) && /^\{\{count\}\}\s*\p{L}/u.test(text);
}

function offences(locale: Tree, rules: Rule[]) {
  return texts(locale).flatMap(([key, text]) =>
    rules.filter((rule) => rule.word.test(visible(text))).map((rule) => ({ key, text, use: rule.use })),
  );
}

describe('locale texts use the glossary’s words', () => {
  it('nb.json uses no word the glossary replaces', () => {
    expect(offences(nb, NORWEGIAN)).toEqual([]);
  });

  it('en.json uses no word the glossary replaces', () => {
    expect(offences(en, ENGLISH)).toEqual([]);
  });

  it('no text is in Title Case', () => {
    const found = [...texts(en), ...texts(nb)].flatMap(([key, text]) => {
      const words = titleCase(text);
      return words.length > 0 ? [{ key, text, words }] : [];
    });
    expect(found).toEqual([]);
  });

  it('a count is either a plural pair or stands after its label', () => {
    const found = [...texts(en), ...texts(nb)].filter(([key, text]) => countWithoutPlural(key, text));
    expect(found).toEqual([]);
  });

  it('"…" has no space before it', () => {
    const found = [...texts(en), ...texts(nb)].filter(([, text]) => /\s…/u.test(text));
    expect(found).toEqual([]);
  });

  it('catch the words and the cases they are written for', () => {
    const nbHits = (text: string) => NORWEGIAN.filter((rule) => rule.word.test(visible(text))).length;
    expect(nbHits('Ingen strøm')).toBe(1);
    expect(nbHits('Dokumenter for økten')).toBe(1);
    expect(nbHits('Ikke startet enda')).toBe(1);
    expect(nbHits('Åpne brukerstøtte')).toBe(0);
    expect(nbHits('Nettleseren støtter ikke dette')).toBe(0);
    expect(nbHits('Ingen sending, ikke startet ennå')).toBe(0);
    const enHits = (text: string) => ENGLISH.filter((rule) => rule.word.test(visible(text))).length;
    expect(enHits('Email address')).toBe(1);
    expect(enHits('E-mail address for {{email}}')).toBe(0);
    expect(enHits('Login to continue')).toBe(1);
    expect(enHits('Send a new login link')).toBe(0);
    expect(titleCase('Scanned-In')).toEqual(['In']);
    expect(titleCase('Add to Google Calendar. Then go')).toEqual([]);
    expect(titleCase('Hi {{name}},\n\nSomeone asked. Start one with "New chat".')).toEqual([]);
    expect(titleCase('Your ticket, My Program')).toEqual(['My', 'Program']);
    expect(countWithoutPlural('stage.unreadChats', '{{count}} uleste')).toBe(true);
    expect(countWithoutPlural('stage.unreadChats_one', '{{count}} ulest')).toBe(false);
    expect(countWithoutPlural('stage.unread', 'Uleste: {{count}}')).toBe(false);
  });
});
