import { createBookingPersonalData } from '~/server/agenda/booking-personal-data.repository';
import { createChatPersonalData } from '~/server/chat/chat-personal-data.repository';
import { createAuditPersonalData } from '~/server/console/audit-personal-data.repository';
import { createLeadPersonalData } from '~/server/leads/lead-personal-data.repository';
import { createLoginPersonalData } from '~/server/login/login-personal-data.repository';
import { createPollPersonalData } from '~/server/polls/poll-personal-data.repository';
import type { PersonalDataSourceFactory } from '~/server/privacy/personal-data.repository';
import { createRegistrationPersonalData } from '~/server/registration/registration-personal-data.repository';
import { createSelfiePersonalData } from '~/server/selfie/selfie-personal-data.repository';
import { createTimelinePersonalData } from '~/server/timeline/timeline-personal-data.repository';
import { createUserPersonalData } from '~/server/users/user-personal-data.repository';

/**
 * The one list of personal data (docs/privacy.md): a domain that stores something
 * about a person adds its source here, and "Download my data", "Delete my account" and the
 * organiser's CLI cover it. Erasure runs in this order; the account itself stays last, since
 * the others may find rows by its e-mail address.
 */
export function personalDataSources(dataDir: string): PersonalDataSourceFactory[] {
  return [
    createLoginPersonalData,
    createBookingPersonalData,
    createPollPersonalData,
    (db) => createTimelinePersonalData(db, dataDir),
    (db) => createSelfiePersonalData(db, dataDir),
    createChatPersonalData,
    createAuditPersonalData,
    createLeadPersonalData,
    createRegistrationPersonalData,
    (db) => createUserPersonalData(db, dataDir),
  ];
}
