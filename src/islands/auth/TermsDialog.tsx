import type { Translate } from '~/lib/translate';
import { Dialog } from '~/islands/ui/Dialog';

interface Props {
  termsHtml: string | null;
  isBusy: boolean;
  t: Translate;
  onAccept: () => void;
  onDecline: () => void;
}

/**
 * SPEC §2 terms of service after login. The text is the event's rich text, sanitised by the
 * server with its allow-list (PRODUCT-DECISIONS "Rich text"). Escape counts as declining.
 */
export function TermsDialog({ termsHtml, isBusy, t, onAccept, onDecline }: Props) {
  return (
    <Dialog isOpen={termsHtml !== null} title={t('terms.title')} onClose={onDecline} closeLabel={t('terms.decline')}>
      <div className="terms-text" dangerouslySetInnerHTML={{ __html: termsHtml ?? '' }} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onDecline} disabled={isBusy}>{t('terms.decline')}</button>
        <button type="button" className="button" onClick={onAccept} disabled={isBusy}>{t('terms.accept')}</button>
      </div>
    </Dialog>
  );
}
