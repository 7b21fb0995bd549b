/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The event of this request's host (docs/product.md §2 event guard); undefined on the fallback page. */
    event: import('~/contracts/event-info').EventInfo | undefined;
    locale: import('~/contracts/event-settings').Locale;
    t: import('i18next').TFunction;
    /** The signed-in attendee of this event, from a Bearer token or the session cookie. */
    user: import('~/contracts/login').AuthUser | undefined;
    /** The access token the user came with (for logout). */
    token: string | undefined;
    /** The matched route pattern, for /metrics (middleware/route-label.ts; server.mjs reads it back). */
    route?: string;
    /** The organiser a route declared `who: 'organiser'` was admitted as (http/route-guards.ts). */
    organiser?: import('~/server/console/organiser-access').Organiser | undefined;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /**
     * Hydrates after the page's load event and an idle moment; "visible" also waits until it is on
     * screen; "shown" hydrates when first shown, load or not (a closed menu's entries; src/islands/hydration).
     */
    'client:afterload'?: boolean | 'visible' | 'shown';
  }
}
