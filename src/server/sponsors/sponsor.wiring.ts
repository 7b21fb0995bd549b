import { createRateLimiter } from '~/server/auth/rate-limiter';
import { createContentRepository } from '~/server/content/content.repository';
import { createLeadRepository } from '~/server/leads/lead.repository';
import { createLeadService, type LeadService } from '~/server/leads/lead.service';
import { sendMail } from '~/server/leads/mailer';
import { services } from '~/server/services';
import { createSponsorRepository } from './sponsor.repository';
import { createSponsorService, type SponsorService } from './sponsor.service';

let sponsors: SponsorService | undefined;
let leads: LeadService | undefined;

export function sponsorService(): SponsorService {
  return (sponsors ??= createSponsorService({ repository: createSponsorRepository(services().db), content: createContentRepository(services().db) }));
}

/** Lead form: 10 submissions per address and event in 10 minutes (a person sends one or two). */
export function leadService(): LeadService {
  const { db, users } = services();
  return (leads ??= createLeadService({
    leads: createLeadRepository(db), sponsors: createSponsorRepository(db), users, sendMail,
    formLimiter: createRateLimiter({ limit: 10, windowMs: 10 * 60 * 1000 }),
  }));
}
