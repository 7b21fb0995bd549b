import type { Migration } from 'kysely/migration';
import type { Dialect, MigrationFactory } from './helpers';
import { createEventCore } from './0001_create_event_core';
import { createProgramme } from './0002_create_programme';
import { createSponsorsDocuments } from './0003_create_sponsors_documents';
import { createPollsTimeline } from './0004_create_polls_timeline';
import { createAuthTokens } from './0005_create_auth_tokens';
import { createIdentity } from './0010_create_identity';
import { createVouchers } from './0011_create_vouchers';
import { createSponsorLeads } from './0035_create_sponsor_leads';
import { createSponsorSpeakers } from './0036_create_sponsor_speakers';
import { createPollAnswers } from './0037_create_poll_answers';
import { createTimelineLikes } from './0040_create_timeline_likes';
import { createChats } from './0045_create_chats';
import { addTicketKeys } from './0055_add_ticket_keys';
import { addTokenFamilies } from './0056_add_token_families';
import { sanitizeEventTexts } from './0060_sanitize_event_texts';
import { createSelfRegistration } from './0065_create_self_registration';
import { createResultsSessions } from './0070_create_results_sessions';
import { createSharedLists } from './0075_create_shared_lists';
import { createSelfies } from './0080_create_selfies';
import { sanitizeProgrammeTexts } from './0085_sanitize_programme_texts';
import { indexUsersByName } from './0100_index_users_by_name';
import { stripePollCounters } from './0101_stripe_poll_counters';
import { createPollCodePasses } from './0102_create_poll_code_passes';
import { createSignupConfirmations } from './0103_create_signup_confirmations';
import { createConsoleAudit } from './0110_create_console_audit';
import { addStageHoldingImage } from './0111_add_stage_holding_image';
import { addPollOpenedAt } from './0112_add_poll_opened_at';
import { addSignupBrowser } from './0113_add_signup_browser';
import { addPollArchive } from './0114_add_poll_archive';
import { addSponsorLeadForm } from './0120_add_sponsor_lead_form';
import { addDocumentPosition } from './0140_add_document_position';
import { addStageOnAir } from './0170_add_stage_on_air';
import { createIdempotentRequests } from './0200_create_idempotent_requests';

/** Every migration in order; names are stored in the database, so never rename one. */
const migrations: Record<string, MigrationFactory> = {
  '0001_create_event_core': createEventCore,
  '0002_create_programme': createProgramme,
  '0003_create_sponsors_documents': createSponsorsDocuments,
  '0004_create_polls_timeline': createPollsTimeline,
  '0005_create_auth_tokens': createAuthTokens,
  '0010_create_identity': createIdentity,
  '0011_create_vouchers': createVouchers,
  '0035_create_sponsor_leads': createSponsorLeads,
  '0036_create_sponsor_speakers': createSponsorSpeakers,
  '0037_create_poll_answers': createPollAnswers,
  '0040_create_timeline_likes': createTimelineLikes,
  '0045_create_chats': createChats,
  '0055_add_ticket_keys': addTicketKeys,
  '0056_add_token_families': addTokenFamilies,
  '0060_sanitize_event_texts': sanitizeEventTexts,
  '0065_create_self_registration': createSelfRegistration,
  '0070_create_results_sessions': createResultsSessions,
  '0075_create_shared_lists': createSharedLists,
  '0080_create_selfies': createSelfies,
  '0085_sanitize_programme_texts': sanitizeProgrammeTexts,
  '0100_index_users_by_name': indexUsersByName,
  '0101_stripe_poll_counters': stripePollCounters,
  '0102_create_poll_code_passes': createPollCodePasses,
  '0103_create_signup_confirmations': createSignupConfirmations,
  '0110_create_console_audit': createConsoleAudit,
  '0111_add_stage_holding_image': addStageHoldingImage,
  '0112_add_poll_opened_at': addPollOpenedAt,
  '0113_add_signup_browser': addSignupBrowser,
  '0114_add_poll_archive': addPollArchive,
  '0120_add_sponsor_lead_form': addSponsorLeadForm,
  '0140_add_document_position': addDocumentPosition,
  '0170_add_stage_on_air': addStageOnAir,
  '0200_create_idempotent_requests': createIdempotentRequests,
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(dialect)]));
}
