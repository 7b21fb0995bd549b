import type { Messages, Translate } from '~/lib/translate';
import { RegisterForm } from '~/islands/register/RegisterForm';
import { Dialog } from '~/islands/ui/Dialog';

interface Props {
  isOpen: boolean;
  /** An external registration host's form (REGISTRATION_URL), else the platform's own form. */
  frameUrl: string | null;
  eventId: number;
  termsHtml: string | null;
  messages: Messages;
  t: Translate;
  onClose: () => void;
}

/** docs/product.md §2 registration modal: the registration host's form in an iframe, or our own sign-up form. */
export function RegisterDialog({ isOpen, frameUrl, eventId, termsHtml, messages, t, onClose }: Props) {
  return (
    <Dialog isOpen={isOpen} title={t('login.registerTitle')} onClose={onClose} closeLabel={t('login.close')} className="dialog-wide">
      {frameUrl ? (
        <>
          <iframe className="register-frame" src={frameUrl} title={t('login.registerFrameTitle')} />
          <a href={frameUrl} target="_blank" rel="noopener">{t('login.openRegistration')}</a>
        </>
      ) : (
        <RegisterForm eventId={eventId} termsHtml={termsHtml} messages={messages} />
      )}
    </Dialog>
  );
}
