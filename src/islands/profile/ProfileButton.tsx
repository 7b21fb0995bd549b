import { lazy, Suspense, useMemo, useState } from 'react';
import { createT, type Messages } from '~/lib/translate';
import { bindEvent } from '~/islands/login/session.store';
import type { ProfileOptions } from '~/lib/profile-options';

const ProfileModal = lazy(() => import('./ProfileModal'));

interface Props {
  eventId: number;
  options: ProfileOptions;
  messages: Messages;
  /** The button's content; the navbar passes the avatar, the default is the word "Profile". */
  label?: string;
  className?: string;
}

/**
 * Opens the profile modal (SPEC §2). The modal's code loads on the first click, so a page that
 * shows this button ships only the button. Reusable by the lobby navbar and the stage tab.
 */
export default function ProfileButton({ eventId, options, messages, label, className }: Props) {
  bindEvent(eventId);
  const t = useMemo(() => createT(messages), [messages]);
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <button type="button" className={className ?? 'button secondary'} aria-haspopup="dialog" onClick={() => { setHasOpened(true); setOpen(true); }}>
        {label ?? t('profile.open')}
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <ProfileModal eventId={eventId} options={options} t={t} isOpen={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
