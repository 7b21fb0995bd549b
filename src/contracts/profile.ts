/**
 * The own profile as `GET /api/liveEvent/{eventId}/getOwnUserInfoFromSession` answers it in
 * `userModuleResult` (docs/product.md §3 field names). Text fields the user never filled are null.
 */
export interface UserModuleResult {
  UserID: number;
  Firstname: string;
  Lastname: string;
  About2: string | null;
  About: string | null;
  /** Cell and Phone carry the same number (both names are in use by clients). */
  Cell: string | null;
  Phone: string | null;
  Email: string;
  Company: string | null;
  Jobtitle: string | null;
  Title: string | null;
  Address1: string | null;
  /** URL of the avatar (an /api/asset/ path after an upload), or null. */
  Picture: string | null;
  /** '0' visible, '1' hidden (docs/product.md §3). */
  Hidden: '0' | '1';
  Linkedin: string | null;
  Facebook: string | null;
  Instagram: string | null;
  Twitter: string | null;
  CalculatedFields: Record<string, string>;
  /** The registration's ticket code (shown as text in "My Ticket"), or null without a registration. */
  TicketQrCode: string | null;
  /**
   * The unguessable admission code (128 bits): what the QR codes encode and the ticket link
   * `/qrTicket/{TicketKey}` carries; only the owner ever receives it. Null without a registration.
   */
  TicketKey: string | null;
  /** The registration id (vouchers refer to it); it opens no ticket page. Null without a registration. */
  RegistrationID: number | null;
  groups: { id: number; name: string }[];
  /** True when the event has no terms or the user accepted the current terms text. */
  termsAccepted: boolean;
  isOrganiser: boolean;
}

/** The fields `POST .../updateUser` accepts (docs/product.md §7); Email and Phone may only repeat the current value. */
export interface UpdateUserInput {
  Firstname: string;
  Lastname: string;
  About2?: string | null;
  Phone?: string | null;
  Company?: string | null;
  Jobtitle?: string | null;
  Email?: string | null;
  Address1?: string | null;
}

/** docs/product.md §5 profile-edit messages, the same on server and screen. */
export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  descriptionTooShort: 'Description must be at least 4 characters',
  emailInvalid: 'Email is invalid',
  phoneInvalid: 'Phone number is invalid',
} as const;

/** Voucher balance by user (docs/product.md §3): grants minus used and pending uses. */
export interface VoucherBalance {
  voucherBalance: number;
  usedVouchers: number;
  pendingVouchers: number;
}

export interface VoucherTransaction {
  id: number;
  kind: 'grant' | 'use';
  status: 'completed' | 'pending';
  amount: number;
  description: string | null;
  createdAt: string;
}
