import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Translate } from '~/lib/translate';
import { Dialog } from '~/islands/ui/Dialog';
import { MyTicket } from './MyTicket';
import { $profile, $profileState, loadProfile } from './profile.store';

interface Props {
  eventId: number;
  t: Translate;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The ticket on its own (docs/product.md §2 My Ticket), one tap from the web app's header and the avatar
 * menu. Offline it shows the profile the service worker saved (docs/offline.md).
 */
export default function TicketDialog({ eventId, t, isOpen, onClose }: Props) {
  const profile = useStore($profile);
  const state = useStore($profileState);
  useEffect(() => {
    if (isOpen && !profile && state !== 'loading') void loadProfile(eventId);
  }, [isOpen, profile, state, eventId]);
  const code = profile?.TicketQrCode;
  return (
    <Dialog isOpen={isOpen} title={t('profile.ticket')} onClose={onClose} closeLabel={t('profile.close')} className="ticket-dialog">
      {!profile && state !== 'failed' && <p role="status">{t('profile.loading')}</p>}
      {!profile && state === 'failed' && <p className="notice error">{t('profile.loadFailed')}</p>}
      {profile && (code
        ? <MyTicket code={code} admissionKey={profile.TicketKey ?? code} t={t} />
        : <p>{t('profile.noTicket')}</p>)}
    </Dialog>
  );
}
