import type { AuditPage } from '~/contracts/console';
import type { AuditRepository } from './audit.repository';
import type { Organiser } from './organiser-access';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditChange {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Every console change, who made it and the state before and after (docs/decisions.md "Organiser console"). */
export function createAuditService({ repository, clock }: { repository: AuditRepository; clock: () => Date }) {
  return {
    /** Records a change the organiser made; answers the row's id. */
    record(organiser: Organiser, change: AuditChange): Promise<number> {
      return repository.insert({
        eventId: organiser.eventId, userId: organiser.userId, userName: organiser.name, action: change.action, target: change.target,
        before: change.before ?? null, after: change.after ?? null, createdAt: clock().toISOString(),
      });
    },

    /** The activity list, newest first, `limit` (its route holds it to 1–200; default 50) per page; `before` pages on. */
    async list(organiser: Organiser, options: { before?: number | undefined; limit?: number | undefined } = {}): Promise<AuditPage> {
      const limit = options.limit ?? AUDIT_PAGE_SIZE;
      const rows = await repository.list(organiser.eventId, { before: options.before, limit: limit + 1 });
      const entries = rows.slice(0, limit);
      return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1]!.id : null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
