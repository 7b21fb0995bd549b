import { pageOrigin, sponsorHref } from '~/lib/sponsor-origin';

/**
 * The stage keeps `?session=` in step with what plays (stream.store.ts): a sponsor link
 * (`data-sponsor-id`) gets the address as it is when the attendee follows it, so the sponsor
 * page's way back returns to that session. Delegated, so panels loaded later are covered too.
 */
export function followSponsorLinks(root: HTMLElement): void {
  const update = (event: Event): void => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-sponsor-id]') : null;
    if (link) link.href = sponsorHref(Number(link.dataset['sponsorId']), pageOrigin(new URL(window.location.href), true));
  };
  root.addEventListener('pointerdown', update);
  root.addEventListener('focusin', update);
}
