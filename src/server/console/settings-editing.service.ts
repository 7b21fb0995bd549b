import type {
  BrandingInput, ConsoleSettings, PasswordKind, PictureKind, RegistrationInput, ScheduleInput,
} from '~/contracts/console-settings';
import { FEATURE_FLAGS, type Branding, type CaptionKey, type Captions, type FeatureFlag, type Features } from '~/contracts/event-settings';
import { brandingContrastIssues } from '~/lib/branding';
import type { ContrastIssue } from '~/lib/contrast';
import { wallTextAt, wallTextToUtc } from '~/lib/zoned-time';
import { DomainError } from '~/server/errors';
import type { Realtime } from '~/server/realtime/index';
import type { RegistrationService } from '~/server/registration/registration.service';
import { discardUploadsOnFailure, removeUpload } from '~/server/shared/asset-store';
import { hashPassword } from '~/server/shared/password';
import type { AuditService } from './audit.service';
import { storeConsoleImage } from './console-images';
import { invalid, mediaAddressOf } from './console-input';
import type { Organiser } from './organiser-access';
import type { SettingsChange, SettingsEditingRepository, SettingsRecord } from './settings-editing.repository';

/** The event as the registration's mails name it. */
type MailEvent = Parameters<RegistrationService['moveUp']>[0];

interface Dependencies {
  repository: SettingsEditingRepository;
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  audit: AuditService;
  clock: () => Date;
  /** Free places go to the waiting list, oldest first, each told by mail (the registration service's `moveUp`). */
  moveUp: (event: MailEvent, origin: string) => Promise<number>;
  /** Where uploads are kept (the logo, the background picture). */
  dataDir: string;
}

/** The largest side a stored picture keeps: a logo is small, the background fills a wide screen. */
const PICTURE_SIDE: Record<PictureKind, number> = { logo: 800, background: 2400 };

/** The registration's mail context: the event as the mails name it, and the site's origin for their links. */
export interface MailContext {
  event: MailEvent;
  origin: string;
}

const storedFeatures = (row: SettingsRecord): Features =>
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, row.features[flag] === true])) as Features;

/** What the audit keeps of a password change: whether one was set, never the password or its hash. */
const passwordState = (row: SettingsRecord) => ({ results: row.resultsPasswordHash !== null, admission: row.participantsPasswordHash !== null });

/**
 * The event's settings from the console (docs/console.md "Settings"): features, captions,
 * branding, lobby order, registration, the results and admission passwords, time zone and dates,
 * two-factor. Each change is one transaction on the event's row that bumps its version, one audit
 * row, the data change `stored` (every node drops what it kept of the event) and `event-change`
 * for open screens.
 */
export function createSettingsEditing({ repository, realtime, audit, clock, moveUp, dataDir }: Dependencies) {
  async function read(organiser: Organiser): Promise<ConsoleSettings> {
    const row = await repository.findSettings(organiser.eventId);
    if (!row) throw new DomainError('event.not_found', 'No such event');
    const [lobby, counts] = await Promise.all([repository.listLobby(organiser.eventId), repository.countRegistration(organiser.eventId)]);
    return {
      features: storedFeatures(row),
      captions: row.captions,
      branding: row.branding,
      logoUrl: row.logoUrl,
      lobby,
      registration: { isOpen: row.isRegistrationOpen, capacity: row.capacity, ...counts },
      passwords: passwordState(row),
      schedule: { timeZone: row.timeZone, start: wallTextAt(row.startDate, row.timeZone), end: wallTextAt(row.endDate, row.timeZone) },
      twoFactor: row.isTwoFactor || storedFeatures(row).twoFactorAuth,
    };
  }

  async function announce(organiser: Organiser, action: string, change: SettingsChange | number, before: unknown, after: unknown): Promise<ConsoleSettings> {
    await audit.record(organiser, { action, target: 'settings', before, after });
    // First, so that every node has dropped the old event before open screens read it again.
    await realtime.publishDataChange(organiser.eventId);
    await realtime.publish(organiser.eventId, 'event-change', { version: typeof change === 'number' ? change : change.version });
    return read(organiser);
  }

  const now = () => clock().toISOString();

  return {
    read,

    /** Turns the given flags on or off (others stay); answers the settings. */
    async setFeatures(organiser: Organiser, flags: Partial<Record<FeatureFlag, boolean>>): Promise<ConsoleSettings> {
      const change = await repository.changeEvent(organiser.eventId, now(), (row) => ({ features: { ...row.features, ...flags } }));
      const before = Object.fromEntries(Object.keys(flags).map((flag) => [flag, storedFeatures(change.before)[flag as FeatureFlag]]));
      return announce(organiser, 'settings.features', change, before, flags);
    },

    /** Sets the captions given ('' removes one: the translated default shows). */
    async setCaptions(organiser: Organiser, captions: Partial<Captions>): Promise<ConsoleSettings> {
      const change = await repository.changeEvent(organiser.eventId, now(), (row) => {
        const next: Partial<Captions> = { ...row.captions };
        for (const [key, text] of Object.entries(captions) as [CaptionKey, string][]) {
          if (text) next[key] = text;
          else delete next[key];
        }
        return { captions: next };
      });
      return announce(organiser, 'settings.captions', change, change.before.captions, change.after.captions);
    },

    /**
     * Sets every colour (null or absent: the platform's own), the live background picture and the
     * logo (media addresses, mediaAddressOf). Pairs under 4.5:1 are saved and named in `contrast`:
     * the lobby swaps an unreadable button text for black or white (docs/console.md "Settings").
     */
    async setBranding(organiser: Organiser, input: BrandingInput, eventHost: string): Promise<ConsoleSettings & { contrast: ContrastIssue[] }> {
      const picture = mediaAddressOf(input.liveBackgroundImage ?? null, 'liveBackgroundImage', eventHost);
      const logo = input.logoUrl === undefined ? undefined : mediaAddressOf(input.logoUrl, 'logoUrl', eventHost);
      const colours = Object.fromEntries(Object.entries(input.branding).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
      const branding: Branding = { ...colours, ...(picture ? { liveBackgroundImage: picture } : {}) };
      const change = await repository.changeEvent(organiser.eventId, now(), () => ({ branding, ...(logo === undefined ? {} : { logoUrl: logo }) }));
      const settings = await announce(organiser, 'settings.branding', change,
        { ...change.before.branding, logoUrl: change.before.logoUrl }, { ...branding, logoUrl: change.after.logoUrl });
      return { ...settings, contrast: brandingContrastIssues(branding) };
    },

    /**
     * Uploads the logo or the live background picture (the upload rules, console-images.ts) and
     * sets it; the picture it replaces is removed when it was an upload.
     */
    async setPicture(organiser: Organiser, kind: PictureKind, bytes: Buffer): Promise<ConsoleSettings> {
      const url = await storeConsoleImage(dataDir, organiser, bytes, PICTURE_SIDE[kind]);
      const change = await discardUploadsOnFailure(dataDir, organiser.eventId, [url], () => repository.changeEvent(organiser.eventId, now(),
        (row) => (kind === 'logo' ? { logoUrl: url } : { branding: { ...row.branding, liveBackgroundImage: url } })));
      const previous = kind === 'logo' ? change.before.logoUrl : change.before.branding.liveBackgroundImage ?? null;
      const settings = await announce(organiser, 'settings.branding', change, { [kind]: previous }, { [kind]: url });
      await removeUpload(dataDir, organiser.eventId, previous);
      return settings;
    },

    /** Puts every lobby section of the event in this order, first to last. */
    async reorderLobby(organiser: Organiser, ids: readonly number[]): Promise<ConsoleSettings> {
      const before = (await repository.listLobby(organiser.eventId)).map((s) => s.id);
      const version = await repository.reorderLobby(organiser.eventId, ids, now());
      if (version === undefined) throw invalid('ids', 'list every lobby section of the event once');
      return announce(organiser, 'settings.lobby', version, before, ids);
    },

    /**
     * Opens or closes registration and sets the capacity (null: unlimited). A capacity under the
     * places taken is 409 naming `capacity`; more room moves the waiting list up, each told by mail.
     */
    async setRegistration(organiser: Organiser, input: RegistrationInput, mail: MailContext): Promise<ConsoleSettings & { movedUp: number }> {
      const change = await repository.changeEvent(organiser.eventId, now(), async (row, count) => {
        if (input.capacity !== null && input.capacity !== row.capacity) {
          const taken = await count.placesTaken();
          if (input.capacity < taken) {
            throw new DomainError('console.conflict', `capacity: ${taken} places are taken, so the capacity cannot be below ${taken}`, { field: 'capacity', placesTaken: taken });
          }
        }
        return { isRegistrationOpen: input.isOpen, capacity: input.capacity };
      });
      const before = { isOpen: change.before.isRegistrationOpen, capacity: change.before.capacity };
      const roomGrew = input.capacity === null ? change.before.capacity !== null : change.before.capacity !== null && input.capacity > change.before.capacity;
      const movedUp = roomGrew ? await moveUp(mail.event, mail.origin) : 0;
      const settings = await announce(organiser, 'settings.registration', change, before, { ...input, movedUp });
      return { ...settings, movedUp };
    },

    /**
     * Sets or changes the results or the admission password, stored hashed (shared/password.ts).
     * The sessions the old one opened end with it: the results' generic sessions, the admission's
     * (and the admission's too when it has none of its own, since the results password served it).
     */
    async setPassword(organiser: Organiser, kind: PasswordKind, password: string): Promise<ConsoleSettings> {
      const hash = await hashPassword(password);
      const current = await repository.findSettings(organiser.eventId);
      const ends = kind === 'admission' ? ['participant' as const]
        : current?.participantsPasswordHash === null ? ['generic' as const, 'participant' as const] : ['generic' as const];
      const change = await repository.changeEvent(organiser.eventId, now(),
        () => (kind === 'results' ? { resultsPasswordHash: hash } : { participantsPasswordHash: hash }), ends);
      return announce(organiser, `settings.password.${kind}`, change, passwordState(change.before), passwordState(change.after));
    },

    /** The event's time zone and its first and last moment, as wall times of that zone. */
    async setSchedule(organiser: Organiser, input: ScheduleInput): Promise<ConsoleSettings> {
      const start = wallTextToUtc(input.start, input.timeZone);
      if (start === undefined) throw invalid('start', 'give a day the calendar has');
      const end = wallTextToUtc(input.end, input.timeZone);
      if (end === undefined) throw invalid('end', 'give a day the calendar has');
      if (end <= start) throw invalid('end', 'must be after the start');
      const change = await repository.changeEvent(organiser.eventId, now(), () => ({
        timeZone: input.timeZone, startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(),
      }));
      const of = (row: SettingsRecord) => ({ timeZone: row.timeZone, startDate: row.startDate, endDate: row.endDate });
      return announce(organiser, 'settings.schedule', change, of(change.before), of(change.after));
    },

    /** Two-factor login on or off: the event's switch and its `twoFactorAuth` flag together (either turns it on). */
    async setTwoFactor(organiser: Organiser, on: boolean): Promise<ConsoleSettings> {
      const change = await repository.changeEvent(organiser.eventId, now(), (row) => ({
        isTwoFactor: on, features: { ...row.features, twoFactorAuth: on },
      }));
      return announce(organiser, 'settings.two_factor', change, { on: change.before.isTwoFactor || storedFeatures(change.before).twoFactorAuth }, { on });
    },
  };
}

export type SettingsEditing = ReturnType<typeof createSettingsEditing>;
