import { DomainError } from '~/server/errors';
import { bearerToken } from '~/server/shared/bearer';
import { sameSecret } from '~/server/shared/secrets';

/**
 * Guards the organiser endpoints under /api/admin: they exist only when ADMIN_TOKEN is set
 * (404 otherwise, so a deployment without one does not even reveal them) and need
 * `Authorization: Bearer <ADMIN_TOKEN>`. Digests make the comparison constant-time whatever
 * the length of the presented token.
 */
export function requireAdminToken(request: Request, adminToken: string | undefined): void {
  if (!adminToken) throw new DomainError('admin.not_found', 'Not found');
  if (!sameSecret(bearerToken(request.headers.get('authorization')) ?? '', adminToken)) {
    throw new DomainError('admin.unauthorized', 'A valid admin token is required');
  }
}
