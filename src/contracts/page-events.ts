/**
 * Events between the parts of one page (islands and .astro client scripts), raised on `window`
 * as CustomEvents named `ep:<name>` through emitPageEvent/onPageEvent in ~/lib/page-events.
 * Each name maps to its `detail`; null where there is none. Server events are in ./realtime.ts.
 */
export interface PageEvents {
  /** A stage tab was selected (its tab id), so islands in a panel can load lazily. */
  'tab-change': string;
  /** Asks the stage tabs to open a tab (its tab id), e.g. from the chat. */
  'show-tab': string;
  /** The stream island saw the event's FAQ category change: the info pages tab reloads. */
  'info-pages-changed': null;
  /** Reloads the event info, as the realtime `event-change` does. */
  'event-change': null;
  /** Opens the chat with this attendee (creating the one chat of the pair when needed); owned by the chat islands. */
  'open-chat': { userId: number };
  /** Opens the chat with the event's support team (stageSupport); owned by the chat islands. */
  'open-support-chat': null;
  /** Opens another attendee's profile modal; owned by the participant islands. */
  'open-profile': { userId: number };
}

export type PageEventName = keyof PageEvents;
