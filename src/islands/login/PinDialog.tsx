import { useState } from 'react';
import { isPin } from '~/lib/form-rules';
import type { Translate } from '~/lib/translate';
import { Dialog } from '~/islands/ui/Dialog';

interface Props {
  isOpen: boolean;
  t: Translate;
  onSubmit: (pin: string) => void;
  /** docs/product.md §4: cancelling the pin is a failed login. */
  onCancel: () => void;
}

/** docs/product.md §2 two-factor modal: the 6-digit code sent by SMS (docs/product.md §5: at least 6, numeric). */
export function PinDialog({ isOpen, t, onSubmit, onCancel }: Props) {
  const [pin, setPin] = useState('');
  const [isTouched, setTouched] = useState(false);
  const isValid = isPin(pin);
  return (
    <Dialog isOpen={isOpen} title={t('twoFactor.title')} onClose={onCancel} closeLabel={t('twoFactor.cancel')}>
      <form
        className="dialog-form"
        noValidate
        onSubmit={(event) => { event.preventDefault(); setTouched(true); if (isValid) onSubmit(pin); }}
      >
        <p>{t('twoFactor.hint')}</p>
        <div className="field">
          <label htmlFor="two-factor-pin">{t('twoFactor.pin')}</label>
          <input
            id="two-factor-pin" inputMode="numeric" autoComplete="one-time-code" autoFocus value={pin}
            aria-invalid={isTouched && !isValid} aria-describedby={isTouched && !isValid ? 'two-factor-pin-error' : undefined}
            onChange={(event) => setPin(event.target.value.trim())}
          />
          {isTouched && !isValid && <p id="two-factor-pin-error" className="field-error">{t('twoFactor.pinInvalid')}</p>}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onCancel}>{t('twoFactor.cancel')}</button>
          <button type="submit" className="button">{t('twoFactor.submit')}</button>
        </div>
      </form>
    </Dialog>
  );
}
