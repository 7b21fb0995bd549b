import type { EventInfo } from '~/contracts/event-info';

/** Where the page showing the navbar is. */
export type NavContext = 'lobby' | 'stage' | 'webapp' | 'sponsor';

export type HomeAction = { kind: 'link'; href: string } | { kind: 'reload' } | { kind: 'none' };

/** docs/product.md §2: the lobby exists only when the feature is on and the event runs it live. */
export function isLobbyEnabled(event: Pick<EventInfo, 'features' | 'liveLobby'>): boolean {
  return event.features.lobbyEnabled && event.liveLobby;
}

/**
 * docs/product.md §2 "Home": lobby if enabled, else stage; in web app mode it reloads; on a sponsor page
 * it does nothing.
 */
export function homeAction(event: Pick<EventInfo, 'features' | 'liveLobby'>, context: NavContext): HomeAction {
  if (context === 'sponsor') return { kind: 'none' };
  if (context === 'webapp') return { kind: 'reload' };
  return { kind: 'link', href: isLobbyEnabled(event) ? '/' : '/stage' };
}
