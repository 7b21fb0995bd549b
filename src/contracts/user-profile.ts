/**
 * The signed-in attendee's own profile as getOwnUserInfoFromSession answers it in
 * `userModuleResult` (SPEC §3 user fields, SPEC §7). Missing optional fields are null.
 */
export interface OwnUserInfo {
  UserID: number;
  Firstname: string;
  Lastname: string;
  Email: string;
  Phone: string | null;
  Cell?: string | null;
  About: string | null;
  About2: string | null;
  Company: string | null;
  Jobtitle: string | null;
  Title: string | null;
  Address1: string | null;
  Picture: string | null;
  /** '0' visible, '1' hidden (SPEC §3). */
  Hidden: string;
  Linkedin: string | null;
  Facebook: string | null;
  Instagram: string | null;
  Twitter: string | null;
  TicketQrCode: string | null;
}

/** POST updateUser (SPEC §7). E-mail and phone are read-only on screen but sent back as they are. */
export interface UpdateUserRequest {
  Firstname: string;
  Lastname: string;
  About2: string;
  Phone: string;
  Company: string;
  Jobtitle: string;
  Email: string;
  Address1: string;
}

/** Voucher balance of SPEC §3. */
export interface VoucherBalance {
  voucherBalance: number | null;
  usedVouchers: number | null;
  pendingVouchers: number | null;
  transactions?: VoucherTransaction[];
}

export interface VoucherTransaction {
  id: number | string;
  amount: number;
  description?: string | null;
  createdAt?: string | null;
}

export interface PublicGroup {
  id: number;
  name: string;
  userIds?: number[];
}
