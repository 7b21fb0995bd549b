import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { createT, type Messages } from '~/lib/translate';
import { bindEvent } from '~/islands/login/session.store';
import type { ProfileOptions } from '~/lib/profile-options';
import { SECTION_LABEL, type ProfileSection } from './profile-sections';
import { loadProfile } from './profile.store';

const ProfileModal = lazy(() => import('./ProfileModal'));
const TicketDialog = lazy(() => import('./TicketDialog'));

interface Props {
  eventId: number;
  options: ProfileOptions;
  messages: Messages;
  /** One button per section, each opening it directly (the avatar menu); the ticket opens on its own. */
  sections?: ProfileSection[];
  /**
   * Read the attendee's profile once the page is idle (the web app's ticket button), so the
   * service worker keeps it and the ticket opens offline after one online visit.
   */
  preload?: boolean;
  className?: string;
}

/**
 * Opens the profile modal (docs/product.md §2) or the ticket. Their code loads on the first click, so a page
 * that shows these buttons ships only the buttons. Used by the avatar menu and the web app header.
 * The dialogs live at the end of the body: the avatar menu closes as one of them opens, and a
 * modal inside a hidden menu would not be shown.
 */
export default function ProfileButton({ eventId, options, messages, sections = ['info'], preload = false, className }: Props) {
  bindEvent(eventId);
  const t = useMemo(() => createT(messages), [messages]);
  const [open, setOpen] = useState<ProfileSection | null>(null);
  const [hasOpened, setHasOpened] = useState({ modal: false, ticket: false });
  useEffect(() => { if (preload) void loadProfile(eventId); }, [preload, eventId]);

  const show = (section: ProfileSection) => {
    setHasOpened((was) => (section === 'ticket' ? { ...was, ticket: true } : { ...was, modal: true }));
    setOpen(section);
  };
  return (
    <>
      {sections.map((section) => (
        <button key={section} type="button" className={className ?? 'button secondary'} aria-haspopup="dialog" onClick={() => show(section)}>
          {t(SECTION_LABEL[section])}
        </button>
      ))}
      {(hasOpened.modal || hasOpened.ticket) && createPortal(
        <Suspense fallback={null}>
          {hasOpened.modal && (
            <ProfileModal eventId={eventId} options={options} t={t} section={open === 'ticket' ? null : open} onClose={() => setOpen(null)} />
          )}
          {hasOpened.ticket && <TicketDialog eventId={eventId} t={t} isOpen={open === 'ticket'} onClose={() => setOpen(null)} />}
        </Suspense>,
        document.body,
      )}
    </>
  );
}
