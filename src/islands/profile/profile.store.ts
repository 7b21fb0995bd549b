import { atom } from 'nanostores';
import type { UpdateUserInput, UserModuleResult, VoucherBalance, VoucherTransaction } from '~/contracts/profile';
import { logout, onLogout } from '~/islands/login/session.store';
import { apiFetch, eventApiUrl, memberJson, memberUpload } from '~/islands/http/api.client';

/** "Download my data": fetched in the session, then saved under the name the server gives. */
export async function downloadMyData(eventId: number): Promise<boolean> {
  const response = await apiFetch(eventApiUrl(eventId, 'myData'), { session: eventId }).catch(() => null);
  if (!response?.ok) return false;
  const filename = response.headers.get('x-filename') ?? 'my-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

/** "Delete my account": on success the session is gone; the login page follows. */
export async function deleteMyAccount(eventId: number): Promise<boolean> {
  const response = await apiFetch(eventApiUrl(eventId, 'deleteMyAccount'), { method: 'POST', session: eventId }).catch(() => null);
  if (!response?.ok) return false;
  await logout({ eventId });
  return true;
}

export type LoadState = 'idle' | 'loading' | 'loaded' | 'failed';

/** The signed-in attendee's own profile (docs/product.md §7 getOwnUserInfoFromSession). */
export const $profile = atom<UserModuleResult | null>(null);
export const $profileState = atom<LoadState>('idle');
export const $voucher = atom<(VoucherBalance & { transactions: VoucherTransaction[] }) | null>(null);

onLogout(() => {
  $profile.set(null);
  $profileState.set('idle');
  $voucher.set(null);
});

/** docs/product.md §8: failing to fetch the current user logs out. */
export async function loadProfile(eventId: number): Promise<void> {
  $profileState.set('loading');
  const response = await apiFetch(eventApiUrl(eventId, 'getOwnUserInfoFromSession'), { session: eventId }).catch(() => null);
  const body = response?.ok ? ((await response.json().catch(() => null)) as { userModuleResult?: UserModuleResult } | null) : null;
  if (!body?.userModuleResult) {
    $profileState.set('failed');
    if (response && response.status !== 401) void logout();
    return;
  }
  $profile.set(body.userModuleResult);
  $profileState.set('loaded');
}

export async function saveProfile(eventId: number, input: UpdateUserInput): Promise<boolean> {
  const response = await apiFetch(eventApiUrl(eventId, 'updateUser'), { method: 'POST', body: input, session: eventId }).catch(() => null);
  if (!response?.ok) return false;
  const body = (await response.json().catch(() => null)) as { userModuleResult?: UserModuleResult } | UserModuleResult | null;
  const updated = body && 'userModuleResult' in body ? body.userModuleResult : (body as UserModuleResult | null);
  if (updated?.UserID) $profile.set(updated);
  else await loadProfile(eventId);
  return true;
}

/** docs/product.md §4 profile visibility toggles visible/hidden; the screen follows the server's answer. */
export async function toggleVisibility(eventId: number): Promise<boolean> {
  const response = await apiFetch(eventApiUrl(eventId, 'toggleUserVisibility'), { method: 'POST', session: eventId }).catch(() => null);
  if (!response?.ok) return false;
  const body = (await response.json().catch(() => ({}))) as { Hidden?: '0' | '1' };
  const current = $profile.get();
  if (current) $profile.set({ ...current, Hidden: body.Hidden ?? (current.Hidden === '1' ? '0' : '1') });
  return true;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** docs/product.md §7 uploadUserAvatar with the image as a data URL; `onProgress` follows the upload. */
export function uploadAvatar(eventId: number, file: File, onProgress: (percent: number) => void): Promise<boolean> {
  return readAsDataUrl(file)
    .then((image) => memberUpload(eventId, 'uploadUserAvatar', { name: file.name, image }, onProgress))
    .catch(() => false);
}

/** Voucher balance and transactions; failures are silently ignored (docs/product.md §8). */
export async function loadVoucher(eventId: number, userId: number): Promise<void> {
  const [balance, transactions] = await Promise.all([
    memberJson<VoucherBalance>(eventId, `vouchers/${userId}`).catch(() => null),
    memberJson<VoucherTransaction[] | { transactions: VoucherTransaction[] }>(eventId, `vouchers/${userId}/transactions`).catch(() => null),
  ]);
  if (!balance) return;
  const list = Array.isArray(transactions) ? transactions : transactions?.transactions ?? [];
  $voucher.set({ ...balance, transactions: list });
}
