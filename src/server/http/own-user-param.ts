import type { AuthUser } from '~/contracts/auth';
import { DomainError } from '~/server/errors';

/** A {id} user parameter: the caller's own id, or any id for an organiser; others are a 403. */
export function ownUserParam(user: AuthUser, id: string | undefined): number {
  if (!id || !/^\d+$/.test(id)) throw new DomainError('request.invalid', 'id must be a user id', { field: 'id' });
  const userId = Number(id);
  if (userId !== user.userId && !user.isOrganiser) throw new DomainError('auth.forbidden', 'Only your own data');
  return userId;
}
