import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '~/server/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards the organiser endpoints under /api/admin: they exist only when ADMIN_TOKEN is set
 * (404 otherwise, so a deployment without one does not even reveal them) and need
 * `Authorization: Bearer <ADMIN_TOKEN>`. Digests make the comparison constant-time whatever
 * the length of the presented token.
 */
export function requireAdminToken(request: Request, adminToken: string | undefined): void {
  if (!adminToken) throw new DomainError('admin.not_found', 'Not found');
  const header = request.headers.get('authorization') ?? '';
  const presented = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
  if (!timingSafeEqual(digest(presented), digest(adminToken))) {
    throw new DomainError('admin.unauthorized', 'A valid admin token is required');
  }
}
