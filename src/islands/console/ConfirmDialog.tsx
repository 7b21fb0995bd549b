import { Dialog } from '~/islands/ui/Dialog';
import type { Translate } from '~/lib/translate';

interface Props {
  /** What is about to happen, or null while nothing is asked; `quote` shows what it happens to. */
  question: { title: string; text: string; confirm: string; quote?: string } | null;
  onConfirm: () => void;
  onClose: () => void;
  t: Translate;
}

/** Asks before a change that cannot be undone (a reset, a removal); Escape and Cancel leave everything as it was. */
export function ConfirmDialog({ question, onConfirm, onClose, t }: Props) {
  return (
    <Dialog isOpen={question !== null} title={question?.title ?? ''} onClose={onClose} closeLabel={t('console.confirm.cancel')} className="console-confirm">
      {question?.quote && <blockquote className="console-quote">{question.quote}</blockquote>}
      <p className="console-confirm-text">{question?.text}</p>
      <div className="console-actions">
        <button type="button" className="button secondary" onClick={onClose}>{t('console.confirm.cancel')}</button>
        <button type="button" className="button danger" onClick={() => { onConfirm(); onClose(); }}>{question?.confirm}</button>
      </div>
    </Dialog>
  );
}
