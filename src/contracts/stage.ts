/** The two layouts that show the stream and its tabs (docs/product.md §2: a path containing webapp selects webApp). */
export type StageMode = 'stage' | 'webapp';

/** Sidebar tabs of docs/product.md §2 in their order; `chat` is the separate chat tab. */
export const STAGE_TAB_IDS = [
  'timeline', 'agenda', 'sponsors', 'speakers', 'info', 'documents', 'custom', 'participants', 'profile', 'selfie',
] as const;
export type StageTabId = (typeof STAGE_TAB_IDS)[number] | 'chat';

export interface StageTab {
  id: StageTabId;
  label: string;
}

/** A stream the player shows: the event's main stream or a session's. */
export interface StreamSource {
  url: string | null;
  title: string;
  /** Set for a session's stream; its documents load beside it. */
  sessionId?: number;
}

/** A document attached to a session (docs/product.md §3 Document, the fields the stream view shows). */
export interface SessionDocument {
  DocumentID: number;
  Name: string;
  Documentfile: string;
  docType: string;
}
