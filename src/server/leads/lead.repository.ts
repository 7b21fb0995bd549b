import type { Db } from '~/server/db/database';
import { isUniqueViolation } from '~/server/db/sql-values';

/** A sponsor's lead: from the public form or an attendee's shared profile. */
export interface LeadRecord {
  id: number;
  eventId: number;
  sponsorId: number;
  source: 'form' | 'contactInfo';
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  description: string | null;
  createdAt: string;
}

export interface NewMessage {
  eventId: number;
  sponsorId: number;
  userId: number;
  message: string;
  createdAt: string;
}

export interface NewMeetingRequest {
  sponsorId: number;
  contactUserId: number;
  requesterId: number;
  createdAt: string;
}

/** The only place leads, sponsor messages and meeting requests are written and read. */
export function createLeadRepository({ kysely }: Db) {
  return {
    async insertLead(lead: Omit<LeadRecord, 'id'>): Promise<void> {
      await kysely.insertInto('sponsor_leads').values({
        event_id: lead.eventId, sponsor_id: lead.sponsorId, source: lead.source, user_id: lead.userId, first_name: lead.firstName,
        last_name: lead.lastName, email: lead.email, phone: lead.phone, company: lead.company, description: lead.description,
        created_at: lead.createdAt,
      }).execute();
    },

    async findLeads(sponsorId: number): Promise<LeadRecord[]> {
      const rows = await kysely.selectFrom('sponsor_leads').selectAll().where('sponsor_id', '=', sponsorId)
        .orderBy('created_at').orderBy('id').execute();
      return rows.map((r) => ({
        id: r.id, eventId: r.event_id, sponsorId: r.sponsor_id, source: r.source,
        userId: r.user_id, firstName: r.first_name, lastName: r.last_name,
        email: r.email, phone: r.phone, company: r.company, description: r.description, createdAt: r.created_at,
      }));
    },

    async insertMessage(message: NewMessage): Promise<void> {
      await kysely.insertInto('sponsor_messages').values({
        event_id: message.eventId, sponsor_id: message.sponsorId, user_id: message.userId, message: message.message, created_at: message.createdAt,
      }).execute();
    },

    /** Stores a meeting request; false when the same attendee already asked the same contact. */
    async insertMeetingRequest(request: NewMeetingRequest): Promise<boolean> {
      try {
        await kysely.insertInto('meeting_requests').values({
          sponsor_id: request.sponsorId, contact_user_id: request.contactUserId, requester_id: request.requesterId, created_at: request.createdAt,
        }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

export type LeadRepository = ReturnType<typeof createLeadRepository>;
