import { useEffect } from 'react';

/**
 * While a form holds unsaved changes: the browser asks before the page is left (reload, close, a
 * typed address), and a click on a link of the page (the console's areas) calls `onLeave` with
 * where it went instead of following it, so the page can ask first and then go.
 */
export function useLeaveGuard(isChanged: boolean, onLeave: (href: string) => void): void {
  useEffect(() => {
    if (!isChanged) return undefined;
    const beforeUnload = (event: BeforeUnloadEvent) => { event.preventDefault(); };
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      if (link.origin !== window.location.origin || link.hash !== '' && link.pathname === window.location.pathname) return;
      event.preventDefault();
      onLeave(link.href);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [isChanged, onLeave]);
}

/** Leaves the page for `href` without asking again (the guard is told first, by the caller's state). */
export const leaveFor = (href: string): void => { window.location.assign(href); };
