import { describe, expect, it } from 'vitest';
import { resolveAsset } from '~/server/shared/asset-store';
import { signRecordingCookie, verifyRecordingCookie } from '~/server/assets/recording-cookie';
import { sniffImage } from '~/server/profile/avatar.service';
import { validateUpdate } from '~/server/profile/profile.service';
import type { UserRecord } from '~/server/users/user.service';
import { createVoucherService } from '~/server/vouchers/voucher.service';
import type { VoucherRepository } from '~/server/vouchers/voucher.repository';
import type { Realtime } from '~/server/realtime/index';

describe('image sniffing', () => {
  it('knows png, jpeg, gif and webp by their first bytes only', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('<script>'))).toBeUndefined();
  });
});

describe('asset paths', () => {
  it('resolves only this event’s files under a known root, never outside it', () => {
    expect(resolveAsset('/data', 'uploads/3/abc.png', 3)).toMatchObject({ root: 'uploads', file: '/data/uploads/3/abc.png', contentType: 'image/png' });
    for (const path of ['uploads/4/abc.png', 'uploads/3/../4/abc.png', 'uploads/3/.hidden.png', 'outbox/3/a.eml', 'uploads/3/a.svg', 'uploads/3', 'uploads/3/a\\..\\b.png', 'uploads/3//a.png']) {
      expect(resolveAsset('/data', path, 3), path).toBeUndefined();
    }
  });
});

describe('recordings cookie', () => {
  const key = Buffer.from('k'.repeat(32));
  it('holds for its event until it expires, and not when tampered with', () => {
    const cookie = signRecordingCookie(key, 7, 1000);
    expect(verifyRecordingCookie(key, cookie, 7, 999)).toBe(true);
    expect(verifyRecordingCookie(key, cookie, 7, 1000)).toBe(false);
    expect(verifyRecordingCookie(key, cookie, 8, 999)).toBe(false);
    expect(verifyRecordingCookie(key, cookie.replace('7.1000', '7.9999'), 7, 999)).toBe(false);
    expect(verifyRecordingCookie(Buffer.from('other'), cookie, 7, 999)).toBe(false);
  });
});

describe('profile rules', () => {
  const current = { email: 'a@b.no', phone: '+47 1' } as UserRecord;
  it('keeps e-mail read-only but accepts the same address in another case', () => {
    expect(() => validateUpdate({ Firstname: 'A', Lastname: 'B', Email: 'A@B.no' }, current)).not.toThrow();
    expect(() => validateUpdate({ Firstname: 'A', Lastname: 'B', Email: 'c@b.no' }, current)).toThrow(expect.objectContaining({ code: 'profile.closed' }) as Error);
  });
  it('clears optional text sent empty and leaves out what was not sent', () => {
    expect(validateUpdate({ Firstname: ' A ', Lastname: 'B', Company: '' }, current)).toEqual({ first_name: 'A', last_name: 'B', company: null });
  });
});

describe('voucher changes', () => {
  it('publish voucher-change-{ticket code} with the new balance', async () => {
    const published: [number, string, unknown][] = [];
    const rows: { kind: 'grant' | 'use'; status: string; amount: number }[] = [];
    const repository = {
      registrationById: () => Promise.resolve({ id: 5, ticketCode: 'TCK-1' }),
      insert: (row: { kind: 'grant' | 'use'; status: string; amount: number }) => { rows.push(row); return Promise.resolve(); },
      totals: () => Promise.resolve({
        granted: rows.filter((r) => r.kind === 'grant').reduce((n, r) => n + r.amount, 0),
        used: rows.filter((r) => r.kind === 'use' && r.status === 'completed').reduce((n, r) => n + r.amount, 0),
        pending: rows.filter((r) => r.kind === 'use' && r.status === 'pending').reduce((n, r) => n + r.amount, 0),
      }),
    } as unknown as VoucherRepository;
    const hub = { publishDynamic: (eventId: number, name: string, data: unknown) => { published.push([eventId, name, data]); return Promise.resolve(); } } as unknown as Realtime;
    const vouchers = createVoucherService({ repository, realtime: hub });
    await vouchers.record({ eventId: 2, registrationId: 5, kind: 'grant', amount: 4 });
    await vouchers.record({ eventId: 2, registrationId: 5, kind: 'use', status: 'pending', amount: 1 });
    expect(published.at(-1)).toEqual([2, 'voucher-change-TCK-1', { voucherBalance: 3, usedVouchers: 0, pendingVouchers: 1 }]);
    await expect(vouchers.record({ eventId: 2, registrationId: 5, kind: 'grant', amount: 0 })).rejects.toMatchObject({ code: 'voucher.invalid' });
  });
});
