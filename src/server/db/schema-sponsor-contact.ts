import type { Generated } from 'kysely';

/** Tables of attendees reaching sponsors: leads, messages, meeting requests, sponsor speakers. */

export interface SponsorLeadTable {
  id: Generated<number>;
  event_id: number;
  sponsor_id: number;
  source: 'form' | 'contactInfo';
  user_id: number | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  description: string | null;
  created_at: string;
}

export interface SponsorMessageTable {
  id: Generated<number>;
  event_id: number;
  sponsor_id: number;
  user_id: number;
  message: string;
  created_at: string;
}

export interface MeetingRequestTable {
  id: Generated<number>;
  sponsor_id: number;
  contact_user_id: number;
  requester_id: number;
  created_at: string;
}

export interface SponsorSpeakerTable {
  sponsor_id: number;
  speaker_id: number;
}
