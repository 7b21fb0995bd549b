import type { ChatUser } from '~/contracts/chat';

/** A member's picture or initials, with the online dot when `showOnline`. Decorative: the name is beside it. */
export function Avatar({ user, showOnline = false, label }: { user?: Pick<ChatUser, 'Firstname' | 'Lastname' | 'Picture' | 'Online'> | undefined; showOnline?: boolean; label?: string }) {
  const initials = user ? `${user.Firstname[0] ?? ''}${user.Lastname[0] ?? ''}`.toUpperCase() : '?';
  return (
    <span className="chat-avatar" aria-hidden="true">
      {user?.Picture ? <img src={user.Picture} alt="" /> : <span>{label ?? initials}</span>}
      {showOnline && user?.Online && <span className="chat-online-dot" />}
    </span>
  );
}
