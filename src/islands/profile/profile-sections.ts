import type { ProfileOptions } from '~/lib/profile-options';

/** The profile modal's sections (docs/product.md §2 profile modal) and the privacy rights. */
export type ProfileSection = 'info' | 'edit' | 'settings' | 'groups' | 'ticket' | 'voucher' | 'privacy';

/** Each menu entry's text: the locale key it is labelled with. */
export const SECTION_LABEL: Record<ProfileSection, string> = {
  info: 'profile.open', edit: 'profile.edit', settings: 'profile.settings', groups: 'profile.groups',
  ticket: 'profile.ticket', voucher: 'profile.voucher', privacy: 'privacy.title',
};

/**
 * docs/decisions.md "Attendee navigation": the avatar menu is the same on every page and opens
 * the profile, the ticket, vouchers, groups and privacy directly (logout sits beside them).
 */
export function menuSections(options: Pick<ProfileOptions, 'showTicket' | 'showVoucher'>): ProfileSection[] {
  return ['info', ...(options.showTicket ? ['ticket' as const] : []), ...(options.showVoucher ? ['voucher' as const] : []), 'groups', 'privacy'];
}
