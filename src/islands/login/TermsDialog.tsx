import type { Translate } from '~/lib/translate';
import { Dialog } from '~/islands/ui/Dialog';
import { safeHtml } from '~/islands/ui/safe-html';

interface Props {
  termsHtml: string | null;
  isBusy: boolean;
  t: Translate;
  onAccept: () => void;
  onDecline: () => void;
}

/**
 * docs/product.md §2 terms of service after login. The event's rich text arrives raw (the acceptance must
 * repeat it exactly) and is reduced to simple formatting before it is shown. Escape declines.
 */
export function TermsDialog({ termsHtml, isBusy, t, onAccept, onDecline }: Props) {
  return (
    <Dialog isOpen={termsHtml !== null} title={t('terms.title')} onClose={onDecline} closeLabel={t('terms.close')}>
      <div className="terms-text" dangerouslySetInnerHTML={{ __html: termsHtml ? safeHtml(termsHtml) : '' }} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onDecline} disabled={isBusy}>{t('terms.decline')}</button>
        <button type="button" className="button" onClick={onAccept} disabled={isBusy}>{t('terms.accept')}</button>
      </div>
    </Dialog>
  );
}
