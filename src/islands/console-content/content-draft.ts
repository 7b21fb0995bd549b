import type { ConsoleDocument, ConsoleInfoPage, InfoPageInput } from '~/contracts/console-content';
import { PLATFORMS, type Platform } from '~/contracts/event-settings';

/** What the information page form holds: the fields it sends. */
export type PageDraft = InfoPageInput;

export const emptyPage = (): PageDraft => ({ heading: '', body: '', category: '', platforms: [...PLATFORMS] });

export const pageDraftOf = (p: ConsoleInfoPage): PageDraft => ({ heading: p.heading, body: p.body, category: p.category, platforms: [...p.platforms] });

/** What the document form holds: name and platforms, and for a new document the file to upload. */
export interface DocumentDraft {
  name: string;
  platforms: Platform[];
  file: File | null;
}

export const emptyDocument = (): DocumentDraft => ({ name: '', platforms: [...PLATFORMS], file: null });

export const documentDraftOf = (d: ConsoleDocument): DocumentDraft => ({ name: d.name, platforms: [...d.platforms], file: null });

/** The body of an edit; a new document's save (the upload) reads the file too. */
export const documentInputOf = (draft: DocumentDraft): DocumentDraft => draft;

/**
 * `text` with `{{field}}` put where the selection was (`start` to `end`), and where the caret goes
 * after it.
 */
export function withPlaceholder(text: string, start: number, end: number, field: string): { text: string; caret: number } {
  const placeholder = `{{${field}}}`;
  return { text: text.slice(0, start) + placeholder + text.slice(end), caret: start + placeholder.length };
}
