import type { Features, Platform } from '~/contracts/event-settings';
import { isFeatureOn, type PlatformFeature } from '~/lib/platform-features';
import { DomainError } from '~/server/errors';

/** The error code's domain per feature: `<domain>.forbidden`, a 403 like chat's and the timeline's. */
const DOMAIN: Record<PlatformFeature, string> = {
  agenda: 'agenda', documents: 'document', infoPages: 'page', sponsors: 'sponsor', vouchers: 'voucher', ticket: 'ticket',
};

const WHAT: Record<PlatformFeature, string> = {
  agenda: 'The agenda', documents: 'Documents', infoPages: 'Information pages', sponsors: 'Sponsors',
  vouchers: 'The voucher balance', ticket: 'The ticket',
};

/**
 * Refuses a call of `feature` (403 `<domain>.forbidden`, naming the platform) when the event has
 * it off for the caller's platform, whatever the screens show (docs/security.md "Who may call what").
 */
export function requireFeature(event: { features: Partial<Features> }, feature: PlatformFeature, platform: Platform): void {
  if (isFeatureOn(event.features, feature, platform)) return;
  throw new DomainError(`${DOMAIN[feature]}.forbidden`, `${WHAT[feature]} is off on this platform`, { field: 'platform', platform });
}
