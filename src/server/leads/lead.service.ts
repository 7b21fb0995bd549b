import { answerTime, fileStamp } from '~/lib/answer-time';
import type { TFunction } from 'i18next';
import type { AuthUser } from '~/contracts/login';
import type { EventInfo } from '~/contracts/event-info';
import type { Platform } from '~/contracts/event-settings';
import type { Lead } from '~/contracts/sponsors';
import type { Limiter } from '~/server/shared/limiter';
import { DomainError } from '~/server/errors';
import { log } from '~/server/log';
import type { SponsorService } from '~/server/sponsors/sponsor.service';
import type { UserService } from '~/server/users/user.service';
import type { LeadRepository } from './lead.repository';
import type { SendMail } from '~/server/delivery/delivery.service';
import { oneBatch, type Cell, type TableExport } from '~/server/shared/table-export';

type LeadEvent = Pick<EventInfo, 'eventId' | 'eventSlug' | 'eventName' | 'timeZone' | 'features'>;

export interface LeadServiceDeps {
  leads: LeadRepository;
  sponsors: Pick<SponsorService, 'record' | 'leadFormRecord' | 'usableRecord' | 'requireSponsors' | 'sponsorIdsOfContact' | 'isContactUser'>;
  users: Pick<UserService, 'findById'>;
  sendMail: SendMail;
  /** Counts lead form submissions per address (docs/product.md §6: the form is public). */
  formLimiter: Limiter;
  clock?: () => Date;
}

export function createLeadService({ leads, sponsors, users, sendMail, formLimiter, clock = () => new Date() }: LeadServiceDeps) {

  /** Notices are a courtesy: the stored row is what counts, so a failed e-mail is logged, not thrown. */
  async function notify(to: string | null | undefined, kind: string, subject: string, text: string): Promise<void> {
    if (!to) return;
    try {
      await sendMail({ to, kind, subject, text });
    } catch (error) {
      log.warn('sponsor mail failed', { kind, error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function member(event: LeadEvent, user: AuthUser) {
    const row = await users.findById(event.eventId, user.userId);
    if (!row) throw new DomainError('auth.unauthorized', 'Log in again');
    return row;
  }

  return {
    /** POST sponsors/{id}/contactForm: a visitor's lead (docs/product.md §5), limited per address. */
    async submitLead(event: LeadEvent, sponsorId: number, lead: Lead, address: string, t: TFunction): Promise<void> {
      const key = `${event.eventId}:${address}`;
      const wait = await formLimiter.retryAfter(key);
      if (wait > 0) throw new DomainError('lead.rate_limited', 'Too many messages from this address; try again later', { retryAfter: wait });
      const sponsor = await sponsors.leadFormRecord(event, sponsorId);
      await formLimiter.fail(key);
      await leads.insertLead({
        eventId: event.eventId, sponsorId, source: 'form', userId: null, firstName: lead.firstName,
        lastName: lead.lastName, email: lead.email || null, phone: null, company: lead.company, description: lead.description,
        createdAt: clock().toISOString(),
      });
      await notify(sponsor.email, 'sponsor-lead', t('leadForm.mail.subject', { event: event.eventName }),
        t('leadForm.mail.body', { name: `${lead.firstName} ${lead.lastName}`, company: lead.company, email: lead.email || '-', description: lead.description }));
    },

    /** POST sendContactMessage: stored for the sponsor and sent to its address (the contact tab's). */
    async sendMessage(event: LeadEvent, user: AuthUser, sponsorId: number, message: string, platform: Platform, t: TFunction): Promise<void> {
      const sponsor = await sponsors.usableRecord(event, sponsorId, platform, 'sponsorContact');
      const sender = await member(event, user);
      await leads.insertMessage({ eventId: event.eventId, sponsorId, userId: user.userId, message, createdAt: clock().toISOString() });
      await notify(sponsor.email, 'sponsor-message', t('sponsors.mail.message.subject', { event: event.eventName }),
        t('sponsors.mail.message.body', { name: `${sender.firstName} ${sender.lastName}`, email: sender.email, message }));
    },

    /** GET sendContactInfo/{id}: the attendee's profile becomes a lead of the sponsor (the contact tab's). */
    async sendContactInfo(event: LeadEvent, user: AuthUser, sponsorId: number, platform: Platform, t: TFunction): Promise<void> {
      const sponsor = await sponsors.usableRecord(event, sponsorId, platform, 'sponsorContact');
      // docs/product.md §2 hides the send-info button without a sponsor e-mail; the call refuses the same.
      if (!sponsor.email) throw new DomainError('sponsor.closed', 'This sponsor has no e-mail address');
      const sender = await member(event, user);
      await leads.insertLead({
        eventId: event.eventId, sponsorId, source: 'contactInfo', userId: user.userId, firstName: sender.firstName,
        lastName: sender.lastName, email: sender.email, phone: sender.phone, company: sender.company, description: null,
        createdAt: clock().toISOString(),
      });
      await notify(sponsor.email, 'sponsor-contact-info', t('sponsors.mail.contactInfo.subject', { event: event.eventName }),
        t('sponsors.mail.contactInfo.body', {
          name: `${sender.firstName} ${sender.lastName}`, email: sender.email, phone: sender.phone ?? '-', company: sender.company ?? '-',
        }));
    },

    /** GET requestMeeting/{id}: a meeting request to a sponsor contact user (the contacts tab's); asking again is the same request. */
    async requestMeeting(event: LeadEvent, user: AuthUser, contactUserId: number, sponsorId: number | undefined, platform: Platform, t: TFunction): Promise<void> {
      sponsors.requireSponsors(event, platform, 'sponsorUsers');
      const sponsorIds = await sponsors.sponsorIdsOfContact(event.eventId, contactUserId);
      const chosen = sponsorId ?? sponsorIds[0];
      if (chosen === undefined || !sponsorIds.includes(chosen)) throw new DomainError('contact.not_found', 'No such sponsor contact');
      if (contactUserId === user.userId) throw new DomainError('meeting.invalid', 'You cannot request a meeting with yourself', { field: 'id' });
      const [requester, contact] = await Promise.all([member(event, user), users.findById(event.eventId, contactUserId)]);
      const isNew = await leads.insertMeetingRequest({ sponsorId: chosen, contactUserId, requesterId: user.userId, createdAt: clock().toISOString() });
      if (isNew) {
        await notify(contact?.email, 'meeting-request', t('sponsors.mail.meeting.subject', { event: event.eventName }),
          t('sponsors.mail.meeting.body', { name: `${requester.firstName} ${requester.lastName}`, email: requester.email, company: requester.company ?? '-' }));
      }
    },

    /** Leads of a sponsor for organisers and the sponsor's own contacts, as CSV or XLSX (shared/table-export.ts). */
    async exportLeads(event: LeadEvent, user: AuthUser, sponsorId: number, format: 'csv' | 'xlsx', t: TFunction): Promise<TableExport> {
      const sponsor = await sponsors.record(event, sponsorId);
      if (!user.isOrganiser && !(await sponsors.isContactUser(sponsorId, user.userId))) {
        throw new DomainError('lead.forbidden', 'Only organisers and the sponsor\'s contacts may export its leads');
      }
      const header = ['date', 'source', 'firstName', 'lastName', 'email', 'phone', 'company', 'description'].map((c) => t(`sponsors.export.${c}`));
      const rows = (await leads.findLeads(sponsor.id)).map((l): Cell[] => [
        answerTime(l.createdAt, event.timeZone).slice(0, 16), t(`sponsors.export.sources.${l.source}`),
        l.firstName, l.lastName, l.email, l.phone, l.company, l.description,
      ]);
      // docs/decisions.md: <event>-<what>-<YYYYMMDD-HHmm>.<ext>
      const stamp = fileStamp(clock(), event.timeZone);
      return { fileName: `${event.eventSlug}-leads-${stamp}.${format}`, sheet: t('sponsors.export.sheet'), header, batches: oneBatch(rows) };
    },
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
