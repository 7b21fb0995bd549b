import * as v from 'valibot';
import { BRANDING_KEYS, CAPTION_KEYS, FEATURE_FLAGS, type Branding, type Captions, type Features } from './event-settings';

/*
 * The console's settings (docs/console.md "Settings"): what the page shows and what each of its
 * forms sends. Every field is the event file's, so an export carries what was set here.
 */

/** A lobby section as the order list shows it: its type (LOBBY_ELEMENT_TYPES) and the event file's key. */
export interface LobbySection {
  id: number;
  key: string;
  type: number;
  /** The section's own title when the event file gave it one ('' when none). */
  title: string;
}

export interface RegistrationSetting {
  isOpen: boolean;
  /** Places for attendees; null: unlimited. */
  capacity: number | null;
  /** Places taken (registrations): the capacity cannot go under it. */
  placesTaken: number;
  /** Sign-ups waiting for a place, oldest first moved up when places free. */
  waiting: number;
}

export interface ScheduleSetting {
  /** An IANA zone, e.g. Europe/Oslo. */
  timeZone: string;
  /** Wall times of the zone, `YYYY-MM-DDTHH:mm` (stored in UTC). */
  start: string;
  end: string;
}

/** GET /api/console/settings. */
export interface ConsoleSettings {
  /** The flags the event set (not the build's all-on switch). */
  features: Features;
  captions: Partial<Captions>;
  branding: Branding;
  logoUrl: string | null;
  lobby: LobbySection[];
  registration: RegistrationSetting;
  /** Whether each password is set (never the password or its hash). */
  passwords: { results: boolean; admission: boolean };
  schedule: ScheduleSetting;
  twoFactor: boolean;
}

const flagRecord = v.record(
  v.picklist(FEATURE_FLAGS, 'is not a feature'),
  v.boolean('must be true or false'),
);

/** `features`: the flags to change (others stay as they are). */
export const FeaturesInputSchema = v.object({ features: flagRecord });

export const CAPTION_MAX = 60;

/** `captions`: each caption key's text ('' falls back to the translated default). */
export const CaptionsInputSchema = v.object({
  captions: v.record(
    v.picklist(CAPTION_KEYS, 'is not a caption'),
    v.pipe(v.string('must be text'), v.trim(), v.maxLength(CAPTION_MAX, `must be at most ${CAPTION_MAX} characters`), v.check((s) => !/[<>]/.test(s), 'must be plain text')),
  ),
});

const colour = v.nullable(v.pipe(
  v.string('must be a colour'), v.trim(), v.maxLength(40, 'must be a colour like #1a73e8'),
  v.regex(/^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\(\s*\d{1,3}[\s,]+\d{1,3}[\s,]+\d{1,3}[\s,/]*[\d.%]*\s*\))$/i, 'must be a colour like #1a73e8'),
));

/** Every colour of the branding (null: the platform's own); pictures are addresses the service checks. */
export const BrandingInputSchema = v.object({
  branding: v.object(Object.fromEntries(BRANDING_KEYS.filter((k) => k !== 'liveBackgroundImage').map((k) => [k, v.optional(colour)])) as Record<Exclude<(typeof BRANDING_KEYS)[number], 'liveBackgroundImage'>, v.OptionalSchema<typeof colour, undefined>>),
  liveBackgroundImage: v.optional(v.nullable(v.string('must be an address'))),
  logoUrl: v.optional(v.nullable(v.string('must be an address'))),
});
export type BrandingInput = v.InferOutput<typeof BrandingInputSchema>;

/** Every lobby section of the event, first to last. */
export const LobbyOrderInputSchema = v.object({
  ids: v.pipe(v.array(v.pipe(v.number('must be ids'), v.integer('must be ids'), v.minValue(1, 'must be ids')), 'must be a list of ids'), v.maxLength(500, 'must list at most 500')),
});

export const CAPACITY_MAX = 1_000_000;

export const RegistrationInputSchema = v.object({
  isOpen: v.boolean('must be true or false'),
  capacity: v.nullable(v.pipe(v.number('must be a whole number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'), v.maxValue(CAPACITY_MAX, `must be at most ${CAPACITY_MAX}`))),
});
export type RegistrationInput = v.InferOutput<typeof RegistrationInputSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const PASSWORD_KINDS = ['results', 'admission'] as const;
export type PasswordKind = (typeof PASSWORD_KINDS)[number];

/** Sets or changes the results or the admission password. */
export const PasswordInputSchema = v.object({
  kind: v.picklist(PASSWORD_KINDS, 'must be results or admission'),
  password: v.pipe(v.string('must be text'), v.minLength(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`), v.maxLength(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)),
});

const wallTime = v.pipe(v.string('must be a date and time'), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a date and time (YYYY-MM-DDTHH:mm)'));

export const ScheduleInputSchema = v.object({
  timeZone: v.pipe(v.string('must be a time zone'), v.check((zone) => isTimeZone(zone), 'must be a time zone like Europe/Oslo')),
  start: wallTime,
  end: wallTime,
});
export type ScheduleInput = v.InferOutput<typeof ScheduleInputSchema>;

export const PICTURE_KINDS = ['logo', 'background'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];
export const PictureParamsSchema = v.object({ kind: v.picklist(PICTURE_KINDS, 'must be logo or background') });

export const TwoFactorInputSchema = v.object({ on: v.boolean('must be true or false') });

/** Whether the runtime knows the zone by its IANA name. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
