import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '~/server/config';
import { DomainError } from '~/server/errors';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Operator endpoints take `Authorization: Bearer <ADMIN_TOKEN>`; without ADMIN_TOKEN set
 * they do not exist (404). Hashing both sides first makes the comparison constant-time
 * whatever the lengths.
 */
export function assertAdmin(request: Request): void {
  const token = config().adminToken;
  if (!token) throw new DomainError('admin.not_found', 'Not found');
  const header = request.headers.get('authorization') ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (!timingSafeEqual(digest(given), digest(token))) throw new DomainError('admin.unauthorized', 'Admin token required');
}
