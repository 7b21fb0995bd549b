/**
 * The texts an island needs, picked on the server from locales/*.json for the event's language
 * (see messagesFor in ~/lib/i18n). Islands get only their own sections, so the page does not ship
 * both whole locale files and i18next to the browser.
 */
export type Messages = { [key: string]: string | Messages };

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** i18next-compatible lookup of dotted keys with {{name}} interpolation; a missing key shows itself. */
export function createT(messages: Messages): Translate {
  return (key, vars) => {
    let node: string | Messages | undefined = messages;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') return key;
    return vars ? node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(vars[name] ?? whole)) : node;
  };
}
