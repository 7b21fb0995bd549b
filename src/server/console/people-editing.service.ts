import type { ConsolePeoplePage, ConsolePerson, ImportPreview, ImportRowError, PersonInput } from '~/contracts/console-people';
import type { EventInfo } from '~/contracts/event-info';
import type { CheckInService } from '~/server/admission/check-in.service';
import { DomainError } from '~/server/errors';
import type { LoginLinkService } from '~/server/login/login-link.service';
import type { RecoveryService } from '~/server/login/recovery.service';
import type { PrivacyService } from '~/server/privacy/privacy.service';
import { readAttendeeCsv, type AttendeeRow } from './attendee-csv';
import type { AuditService } from './audit.service';
import type { Organiser } from './organiser-access';
import type { ImportWrite, PeopleEditingRepository, StoredAttendee } from './people-editing.repository';
import { createReadModels, type ReadModels, type VersionedEvent } from '~/server/shared/read-model-cache';

/** How many searches a people model remembers (the organiser types, pages, types again). */
const KEPT_SEARCHES = 32;

/** The people list in memory: every attendee in name order, with what a search compares, and the last searches' answers. */
interface PeopleModel {
  people: Omit<ConsolePerson, 'online'>[];
  haystacks: string[];
  searches: Map<string, number[]>;
}

interface Dependencies {
  repository: PeopleEditingRepository;
  audit: AuditService;
  clock: () => Date;
  onlineUserIds: (eventId: number) => Promise<ReadonlySet<number>>;
  readModels?: ReadModels;
  /** What shows people (the participant list, names on posts, kept pages) changed: dropped on every node. */
  peopleChanged: (eventId: number) => Promise<void>;
  /** An attendee was hidden or shown: the participant list and presence on every node. */
  visibilityChanged: (eventId: number, userId: number, hidden: boolean) => Promise<void>;
  loginLinks: Pick<LoginLinkService, 'sendByOrganiser'>;
  recovery: Pick<RecoveryService, 'byEmail'>;
  privacy: Pick<PrivacyService, 'deleteAccount'>;
  checkIn: Pick<CheckInService, 'setByOrganiser'>;
  newTicketCode: () => string;
  newTicketKey: () => string;
}

/** How many rows the preview shows. */
export const PREVIEW_ROWS = 5;

/** A checked import, ready to write: what it creates and changes, and the counts the preview shows. */
export interface ImportPlan {
  write: ImportWrite;
  counts: ImportPreview['counts'];
  total: number;
}

/** Whether a row changes anything stored: only the fields the file has a column for are compared. */
function changes(row: AttendeeRow, stored: StoredAttendee): boolean {
  const differs = (value: string | undefined, was: string) => value !== undefined && value !== was;
  return row.firstName !== stored.firstName || row.lastName !== stored.lastName || differs(row.company, stored.company)
    || differs(row.jobTitle, stored.jobTitle) || differs(row.phone, stored.phone)
    || (row.ticketCode !== undefined && row.ticketCode !== '' && row.ticketCode !== stored.ticketCode);
}

const notFound = () => new DomainError('attendee.not_found', 'No such attendee in this event', { field: 'personId' });

/**
 * The event's attendees from the console (docs/console.md "People"): the list an organiser
 * searches and pages, one attendee's changes, and the CSV import. Every change is audited and
 * drops what shows people on every node; mails and erasure go through the services that own them.
 */
export function createPeopleEditing(deps: Dependencies) {
  const { repository, audit, clock } = deps;
  const at = () => clock().toISOString();
  // Every attendee of the event, built once per event and version; what changes a person announces
  // `people`, a check-in `admission`, and either drops it on every node (docs/console.md "People").
  const models = (deps.readModels ?? createReadModels()).cache('console-people', async (event: VersionedEvent): Promise<PeopleModel> => {
    const people = await repository.all(event.eventId);
    const haystacks = people.map((p) => `${p.firstName} ${p.lastName}\n${p.email}\n${p.company}`.toLowerCase());
    return { people, haystacks, searches: new Map() };
  }, { droppedBy: ['people', 'admission'] });

  /** The indices of the people a search matches, remembered for the next page. */
  function matching(model: PeopleModel, q: string): number[] | null {
    if (q === '') return null;
    const needle = q.toLowerCase();
    let found = model.searches.get(needle);
    if (!found) {
      found = [];
      for (let i = 0; i < model.haystacks.length; i += 1) if (model.haystacks[i]!.includes(needle)) found.push(i);
      if (model.searches.size >= KEPT_SEARCHES) model.searches.delete(model.searches.keys().next().value!);
      model.searches.set(needle, found);
    }
    return found;
  }

  async function find(organiser: Organiser, userId: number): Promise<ConsolePerson> {
    const person = await repository.find(organiser.eventId, userId);
    if (!person) throw notFound();
    const online = await deps.onlineUserIds(organiser.eventId);
    return { ...person, online: online.has(userId) };
  }

  async function emailFree(organiser: Organiser, email: string, exceptUserId?: number): Promise<void> {
    if (await repository.emailTaken(organiser.eventId, email, exceptUserId)) {
      throw new DomainError('attendee.exists', 'An attendee of this event has this e-mail address: search for them instead', { field: 'email' });
    }
  }

  /** Reads and checks a file against what is stored; `errors` lists every broken rule, row and field named. */
  async function check(organiser: Organiser, csv: string) {
    const read = readAttendeeCsv(csv);
    const errors: ImportRowError[] = [...read.errors];
    const plan: ImportPlan = { write: { create: [], update: [] }, counts: { created: 0, updated: 0, unchanged: 0 }, total: read.cells.length };
    if (errors.length > 0) return { read, errors, plan };
    const stored = new Map((await repository.byEmails(organiser.eventId, read.rows.map((r) => r.email))).map((s) => [s.email, s]));
    const codes = [...new Set(read.rows.flatMap((r) => (r.ticketCode ? [r.ticketCode] : [])))];
    const holders = await repository.ticketHolders(codes);
    const codeRows = new Map<string, number>();
    for (const row of read.rows) {
      const existing = stored.get(row.email);
      if (row.ticketCode) {
        const holder = holders.get(row.ticketCode);
        const earlier = codeRows.get(row.ticketCode);
        if (earlier !== undefined) {
          errors.push({ row: row.row, field: 'ticketCode', message: `the same ticket code as row ${earlier}` });
          continue;
        }
        codeRows.set(row.ticketCode, row.row);
        if (holder !== undefined && holder !== existing?.id) {
          errors.push({ row: row.row, field: 'ticketCode', message: 'another attendee has this ticket code' });
          continue;
        }
      }
      if (!existing) plan.write.create.push(row);
      else if (changes(row, existing)) plan.write.update.push({ id: existing.id, registrationId: existing.registrationId, row });
      else plan.counts.unchanged += 1;
    }
    plan.counts.created = plan.write.create.length;
    plan.counts.updated = plan.write.update.length;
    errors.sort((a, b) => a.row - b.row);
    return { read, errors, plan };
  }

  return {
    /** One page of the list in name order; `q` matches name, e-mail or company (case-insensitive). */
    async page(event: VersionedEvent, query: { q: string; page: number; size: number }): Promise<ConsolePeoplePage> {
      const [model, online] = await Promise.all([models.get(event), deps.onlineUserIds(event.eventId)]);
      const found = matching(model, query.q);
      const from = (query.page - 1) * query.size;
      const slice = found ? found.slice(from, from + query.size).map((i) => model.people[i]!) : model.people.slice(from, from + query.size);
      return { people: slice.map((p) => ({ ...p, online: online.has(p.id) })), total: found ? found.length : model.people.length, page: query.page, pageSize: query.size };
    },

    find,

    async create(organiser: Organiser, input: PersonInput): Promise<ConsolePerson> {
      await emailFree(organiser, input.email);
      const id = await repository.insert(organiser.eventId, input, { code: deps.newTicketCode(), key: deps.newTicketKey() }, at());
      if (id === undefined) throw new DomainError('attendee.exists', 'An attendee of this event has this e-mail address', { field: 'email' });
      const after = await find(organiser, id);
      await audit.record(organiser, { action: 'attendee.create', target: `user:${id}`, after });
      await deps.peopleChanged(organiser.eventId);
      return after;
    },

    async update(organiser: Organiser, userId: number, input: PersonInput): Promise<ConsolePerson> {
      const before = await find(organiser, userId);
      await emailFree(organiser, input.email, userId);
      await repository.update(organiser.eventId, userId, input);
      const after = await find(organiser, userId);
      await audit.record(organiser, { action: 'attendee.update', target: `user:${userId}`, before, after });
      await deps.peopleChanged(organiser.eventId);
      return after;
    },

    async setHidden(organiser: Organiser, userId: number, hidden: boolean): Promise<ConsolePerson> {
      const before = await find(organiser, userId);
      await repository.setHidden(organiser.eventId, userId, hidden);
      await audit.record(organiser, { action: 'attendee.hidden', target: `user:${userId}`, before: { hidden: before.hidden }, after: { hidden } });
      await deps.visibilityChanged(organiser.eventId, userId, hidden);
      return { ...before, hidden };
    },

    /** Marks or unmarks an organiser; unmarking the last one is a 409 that says why. */
    async setOrganiser(organiser: Organiser, userId: number, isOrganiser: boolean): Promise<ConsolePerson> {
      const before = await find(organiser, userId);
      if (!(await repository.setOrganiser(organiser.eventId, userId, isOrganiser))) {
        throw new DomainError('attendee.last_organiser', 'This is the event\'s last organiser: mark another attendee as organiser first', { field: 'organiser' });
      }
      await audit.record(organiser, { action: 'attendee.organiser', target: `user:${userId}`, before: { organiser: before.organiser }, after: { organiser: isOrganiser } });
      await deps.peopleChanged(organiser.eventId);
      return { ...before, organiser: isOrganiser };
    },

    async setCheckedIn(organiser: Organiser, userId: number, checkedIn: boolean): Promise<ConsolePerson> {
      const before = await find(organiser, userId);
      await deps.checkIn.setByOrganiser(organiser.eventId, userId, checkedIn);
      const after = await find(organiser, userId);
      await audit.record(organiser, { action: 'attendee.check_in', target: `user:${userId}`, before: { checkedInAt: before.checkedInAt }, after: { checkedInAt: after.checkedInAt } });
      return after;
    },

    /** Mails the attendee a login link (the outbox when no SMTP is set). */
    async sendLoginLink(organiser: Organiser, event: EventInfo, userId: number, origin: string): Promise<void> {
      await find(organiser, userId);
      await deps.loginLinks.sendByOrganiser(event, userId, origin);
      await audit.record(organiser, { action: 'attendee.login_link', target: `user:${userId}` });
    },

    /** Mails the attendee a new password, which becomes theirs when they first log in with it (recovery's rules and limits). */
    async sendPasswordMail(organiser: Organiser, event: EventInfo, userId: number): Promise<void> {
      const person = await find(organiser, userId);
      await deps.recovery.byEmail({ event, email: person.email, address: `organiser:${organiser.userId}` });
      await audit.record(organiser, { action: 'attendee.password_mail', target: `user:${userId}` });
    },

    /** Erases the attendee as "delete my account" does; never the event's last organiser. */
    async remove(organiser: Organiser, event: EventInfo, userId: number, origin: string): Promise<{ removed: number }> {
      const before = await find(organiser, userId);
      if (before.organiser && !(await repository.otherOrganiserExists(organiser.eventId, userId))) {
        throw new DomainError('attendee.last_organiser', 'This is the event\'s last organiser: mark another attendee as organiser first', { field: 'personId' });
      }
      await deps.privacy.deleteAccount(event, userId, origin);
      await audit.record(organiser, { action: 'attendee.delete', target: `user:${userId}`, before: { id: before.id, organiser: before.organiser } });
      return { removed: userId };
    },

    /** What an import of the file would do, and every broken rule; writes nothing. */
    async preview(organiser: Organiser, csv: string): Promise<ImportPreview> {
      const { read, errors, plan } = await check(organiser, csv);
      return {
        separator: read.separator, columns: read.columns, rows: read.cells.slice(0, PREVIEW_ROWS).map((c) => c.values),
        total: plan.total, counts: plan.counts, errors,
      };
    },

    /** Checks the file; any broken rule is a 400 listing every row and field, before anything is written. */
    async planImport(organiser: Organiser, csv: string): Promise<ImportPlan> {
      const { errors, plan } = await check(organiser, csv);
      if (errors.length > 0) {
        const rows = new Set(errors.map((e) => e.row)).size;
        throw new DomainError('attendee.invalid_file', `${rows} row(s) of the file break a rule; nothing was imported`, { field: 'csv', errors });
      }
      return plan;
    },

    /** Writes a checked import all or nothing, telling `progress` the rows written; audited once. */
    async writeImport(organiser: Organiser, plan: ImportPlan, progress: (done: number, total: number) => void): Promise<ImportPlan['counts'] & { ms: number }> {
      const started = performance.now();
      const total = plan.write.create.length + plan.write.update.length;
      const written = await repository.writeImport(organiser.eventId, plan.write, { code: (row) => row.ticketCode || deps.newTicketCode(), key: deps.newTicketKey }, at(),
        (done) => progress(done, total));
      if (!written) throw new DomainError('attendee.conflict', 'An e-mail address or ticket code of the file was taken meanwhile; nothing was imported. Import the file again');
      const ms = Math.round(performance.now() - started);
      await audit.record(organiser, { action: 'attendee.import', target: 'attendees', after: { ...plan.counts, rows: plan.total } });
      if (total > 0) await deps.peopleChanged(organiser.eventId);
      return { ...plan.counts, ms };
    },
  };
}

export type PeopleEditing = ReturnType<typeof createPeopleEditing>;
