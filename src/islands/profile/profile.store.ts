import { atom } from 'nanostores';
import type { UpdateUserInput, UserModuleResult, VoucherBalance, VoucherTransaction } from '~/contracts/profile';
import { apiFetch, currentAccessToken, logout, onLogout } from '~/islands/auth/auth.store';

export type LoadState = 'idle' | 'loading' | 'loaded' | 'failed';

/** The signed-in attendee's own profile (SPEC §7 getOwnUserInfoFromSession). */
export const $profile = atom<UserModuleResult | null>(null);
export const $profileState = atom<LoadState>('idle');
export const $voucher = atom<(VoucherBalance & { transactions: VoucherTransaction[] }) | null>(null);

onLogout(() => {
  $profile.set(null);
  $profileState.set('idle');
  $voucher.set(null);
});

const base = (eventId: number) => `/api/liveEvent/${eventId}`;

/** SPEC §8: failing to fetch the current user logs out. */
export async function loadProfile(eventId: number): Promise<void> {
  $profileState.set('loading');
  const response = await apiFetch(`${base(eventId)}/getOwnUserInfoFromSession`).catch(() => null);
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
  const response = await apiFetch(`${base(eventId)}/updateUser`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input),
  }).catch(() => null);
  if (!response?.ok) return false;
  const body = (await response.json().catch(() => null)) as { userModuleResult?: UserModuleResult } | UserModuleResult | null;
  const updated = body && 'userModuleResult' in body ? body.userModuleResult : (body as UserModuleResult | null);
  if (updated?.UserID) $profile.set(updated);
  else await loadProfile(eventId);
  return true;
}

/** SPEC §4 profile visibility toggles visible/hidden; the screen follows the server's answer. */
export async function toggleVisibility(eventId: number): Promise<boolean> {
  const response = await apiFetch(`${base(eventId)}/toggleUserVisibility`, { method: 'POST' }).catch(() => null);
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

/**
 * SPEC §7 uploadUserAvatar with the image as a data URL. XMLHttpRequest rather than fetch,
 * because only it reports upload progress. The Bearer token goes the same way apiFetch sends it.
 */
export function uploadAvatar(eventId: number, file: File, onProgress: (percent: number) => void): Promise<boolean> {
  return readAsDataUrl(file).then((image) => new Promise<boolean>((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${base(eventId)}/uploadUserAvatar`);
    request.setRequestHeader('content-type', 'application/json');
    const accessToken = currentAccessToken();
    if (accessToken) request.setRequestHeader('authorization', `Bearer ${accessToken}`);
    request.upload.onprogress = (event) => { if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100)); };
    request.onload = () => {
      if (request.status === 401) void logout();
      resolve(request.status >= 200 && request.status < 300);
    };
    request.onerror = () => resolve(false);
    request.send(JSON.stringify({ name: file.name, image }));
  })).catch(() => false);
}

/** Voucher balance and transactions; failures are silently ignored (SPEC §8). */
export async function loadVoucher(eventId: number, userId: number): Promise<void> {
  const [balance, transactions] = await Promise.all([
    apiFetch(`${base(eventId)}/vouchers/${userId}`).then((r) => (r.ok ? (r.json() as Promise<VoucherBalance>) : null)).catch(() => null),
    apiFetch(`${base(eventId)}/vouchers/${userId}/transactions`).then((r) => (r.ok ? (r.json() as Promise<VoucherTransaction[] | { transactions: VoucherTransaction[] }>) : null)).catch(() => null),
  ]);
  if (!balance) return;
  const list = Array.isArray(transactions) ? transactions : transactions?.transactions ?? [];
  $voucher.set({ ...balance, transactions: list });
}
