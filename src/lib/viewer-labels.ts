export interface ViewerLabels {
  name: string;
  initials: string;
}

/** How screens name the signed-in attendee: the navbar's and stage header's avatar and its menu. */
export function viewerLabels(user: { firstName: string; lastName: string }): ViewerLabels {
  const name = `${user.firstName} ${user.lastName}`.trim();
  const initials = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).join('').toUpperCase() || '?';
  return { name, initials };
}
