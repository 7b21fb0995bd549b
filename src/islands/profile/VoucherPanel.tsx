import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { UserModuleResult } from '~/contracts/profile';
import { formatDate } from '~/lib/dates';
import { pageTimeZone } from '~/lib/page-time-zone';
import type { Translate } from '~/lib/translate';
import { $voucher, loadVoucher } from './profile.store';
import { watchVoucher } from './voucher-live';

interface Props {
  eventId: number;
  profile: UserModuleResult;
  t: Translate;
}

/** docs/product.md §2 voucher balance and transactions, refreshed live on voucher-change-{ticket code}. */
export function VoucherPanel({ eventId, profile, t }: Props) {
  const voucher = useStore($voucher);
  const { UserID: userId, TicketQrCode: ticketCode } = profile;

  useEffect(() => {
    void loadVoucher(eventId, userId);
    if (!ticketCode) return;
    return watchVoucher(ticketCode, () => void loadVoucher(eventId, userId));
  }, [eventId, userId, ticketCode]);

  if (!voucher) return <p>{t('profile.vouchersNotAvailable')}</p>;
  const count = (value: number | null | undefined) => (value ?? t('profile.notAvailable'));
  return (
    <div className="voucher">
      <dl className="voucher-balance">
        <div><dt>{t('profile.balance')}</dt><dd>{count(voucher.voucherBalance)}</dd></div>
        <div><dt>{t('profile.used')}</dt><dd>{count(voucher.usedVouchers)}</dd></div>
        <div><dt>{t('profile.pending')}</dt><dd>{count(voucher.pendingVouchers)}</dd></div>
      </dl>
      <h4>{t('profile.transactions')}</h4>
      {voucher.transactions.length === 0 ? <p>{t('profile.noTransactions')}</p> : (
        <ul className="voucher-transactions">
          {voucher.transactions.map((item) => (
            <li key={item.id}>
              <span>{item.description ?? ''}</span> <strong>{item.amount}</strong>
              {item.createdAt && <time dateTime={item.createdAt}> {formatDate(item.createdAt, 'dateTime', pageTimeZone(), document.documentElement.lang)}</time>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
