import type { Insertable, Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { SponsorLeadTable } from '~/server/db/schema';
import { isUniqueViolation } from '~/server/db/sql-values';

export type LeadRow = Selectable<SponsorLeadTable>;

/** The only place leads, sponsor messages and meeting requests are written and read. */
export function createLeadRepository({ kysely }: Db) {
  return {
    async insertLead(row: Insertable<SponsorLeadTable>): Promise<void> {
      await kysely.insertInto('sponsor_leads').values(row).execute();
    },

    findLeads(sponsorId: number): Promise<LeadRow[]> {
      return kysely.selectFrom('sponsor_leads').selectAll().where('sponsor_id', '=', sponsorId)
        .orderBy('created_at').orderBy('id').execute();
    },

    async insertMessage(row: { event_id: number; sponsor_id: number; user_id: number; message: string; created_at: string }): Promise<void> {
      await kysely.insertInto('sponsor_messages').values(row).execute();
    },

    /** Stores a meeting request; false when the same attendee already asked the same contact. */
    async insertMeetingRequest(row: { sponsor_id: number; contact_user_id: number; requester_id: number; created_at: string }): Promise<boolean> {
      try {
        await kysely.insertInto('meeting_requests').values(row).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

export type LeadRepository = ReturnType<typeof createLeadRepository>;
