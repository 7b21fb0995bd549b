import type { Translate } from '~/lib/translate';
import { Dialog } from '~/islands/ui/Dialog';

interface Props {
  isOpen: boolean;
  frameUrl: string;
  t: Translate;
  onClose: () => void;
}

/** SPEC §2 registration modal: the registration host's form for this event, in an iframe. */
export function RegisterDialog({ isOpen, frameUrl, t, onClose }: Props) {
  return (
    <Dialog isOpen={isOpen} title={t('login.registerTitle')} onClose={onClose} closeLabel={t('login.close')} className="dialog-wide">
      <iframe className="register-frame" src={frameUrl} title={t('login.registerFrameTitle')} />
      <a href={frameUrl} target="_blank" rel="noopener">{t('login.openRegistration')}</a>
    </Dialog>
  );
}
