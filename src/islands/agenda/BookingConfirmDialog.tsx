import type { MemberSession } from '~/contracts/agenda';
import { Dialog } from '~/islands/ui/Dialog';
import type { Translate } from '~/lib/translate';

interface Props {
  session: MemberSession | null;
  t: Translate;
  onConfirm: () => void;
  onClose: () => void;
}

/** docs/product.md §2 booking confirm and cancel confirm modals: which one follows from the session's state. */
export function BookingConfirmDialog({ session, t, onConfirm, onClose }: Props) {
  const isCancel = session?.isBooked ?? false;
  const title = session?.title ?? '';
  return (
    <Dialog isOpen={session !== null} title={t(isCancel ? 'booking.cancelConfirmTitle' : 'booking.confirmTitle')}
      onClose={onClose} closeLabel={t('booking.close')} className="agenda-dialog">
      <p>{t(isCancel ? 'booking.cancelConfirmText' : 'booking.confirmText', { title })}</p>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose}>{t('booking.keep')}</button>
        <button type="button" className="button" onClick={onConfirm}>
          {t(isCancel ? 'booking.cancelConfirmYes' : 'booking.confirmYes')}
        </button>
      </div>
    </Dialog>
  );
}
