import type { EventInfo } from '~/contracts/event-info';
import { landingFacts, offersPlatformChoice, type LandingFacts } from './landing';

/** What the profile modal may show for this event (feature flags of docs/product.md §2/§5), as island props. */
export interface ProfileOptions {
  showVisibility: boolean;
  showPlatformChoice: boolean;
  showTicket: boolean;
  showVoucher: boolean;
  showEmail: boolean;
  showPhone: boolean;
  landing: LandingFacts;
}

export function profileOptions(event: Pick<EventInfo, 'features' | 'liveLobby' | 'liveStage' | 'liveWebApp'>): ProfileOptions {
  const { features } = event;
  const landing = landingFacts(event);
  return {
    // docs/product.md §2: the visible/hidden toggle shows when the profile is enabled for a platform.
    showVisibility: features.stageTabProfile || features.webAppProfile || features.lobbyProfilePage,
    showPlatformChoice: offersPlatformChoice(landing),
    showTicket: features.stageQrTicketsEnabled,
    showVoucher: features.stageVoucherBalanceEnabled,
    showEmail: true,
    showPhone: true,
    landing,
  };
}
