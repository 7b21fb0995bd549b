import { useMemo } from 'react';
import { createT, type Messages } from '~/lib/translate';
import { useViewer } from './use-viewer';

export interface ViewerLabelProps {
  eventId: number;
  /** `avatar`: the initials, with the menu's accessible name; `name`: the full name. */
  shows: 'avatar' | 'name';
  /** Section `navbar` of the locale (messagesFor). */
  messages: Messages;
}

/**
 * The viewer's initials or name where the page keeps a box for them (the avatar is a fixed
 * circle, the name a line of its own): they arrive after hydration without moving anything.
 */
export default function ViewerLabel({ eventId, shows, messages }: ViewerLabelProps) {
  const viewer = useViewer(eventId);
  const t = useMemo(() => createT(messages), [messages]);
  if (shows === 'name') return <>{viewer?.name ?? ''}</>;
  return (
    <>
      <span aria-hidden="true">{viewer?.initials ?? ''}</span>
      <span className="visually-hidden">{viewer ? t('navbar.profile', { name: viewer.name }) : t('navbar.profileMenu')}</span>
    </>
  );
}
