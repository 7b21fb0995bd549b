import type { FeatureFlag, Features, Platform } from '~/contracts/event-settings';

/** Features whose every call follows the event's flags for the caller's platform (docs/security.md). */
export type PlatformFeature = 'agenda' | 'documents' | 'infoPages' | 'sponsors' | 'vouchers' | 'ticket';

const everywhere = (flag: FeatureFlag): Record<Platform, readonly FeatureFlag[]> => ({ digital: [flag], webApp: [flag] });

/**
 * A feature is on for a platform when any of its flags there is. The digital platform is the
 * lobby and the stage, so either's flag counts (docs/product.md §2 stage tabs, §3 lobby sections); the web
 * app has its own navigation flags (docs/product.md §2 "web app variant"). The ticket and the voucher balance
 * have one flag for both (docs/product.md §2 profile, §5 QR ticket).
 */
const FLAGS: Record<PlatformFeature, Record<Platform, readonly FeatureFlag[]>> = {
  agenda: { digital: ['stageTabAgenda', 'lobbyAgenda'], webApp: ['webAppNavigationAgenda'] },
  documents: { digital: ['stageTabDocuments'], webApp: ['webAppNavigationDocuments'] },
  infoPages: { digital: ['stageTabInfoPages', 'lobbyFAQPages'], webApp: ['webAppNavigationInfoPages'] },
  sponsors: { digital: ['stageTabSponsors', 'lobbySponsors', 'lobbySponsorToplist'], webApp: ['webAppNavigationSponsors'] },
  vouchers: everywhere('stageVoucherBalanceEnabled'),
  ticket: everywhere('stageQrTicketsEnabled'),
};

export function isFeatureOn(features: Partial<Features>, feature: PlatformFeature, platform: Platform): boolean {
  return FLAGS[feature][platform].some((flag) => features[flag] === true);
}

/** On for some platform: whether anyone at all may see the feature (what its realtime events need). */
export function isFeatureOnAnywhere(features: Partial<Features>, feature: PlatformFeature): boolean {
  return isFeatureOn(features, feature, 'digital') || isFeatureOn(features, feature, 'webApp');
}
