import { atom } from 'nanostores';
import type { ConsoleSettings, PictureKind } from '~/contracts/console-settings';
import { apiJson } from '~/islands/http/api.client';
import type { ControlFailure } from '~/islands/console/console.store';
import { failureOf } from '~/islands/console/control-failure';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { rereader } from '~/islands/realtime/reread';

/** A section of the Settings page: each saves on its own (one call, docs/console.md "Settings"). */
export type SettingsSection = 'branding' | 'features' | 'registration' | 'password' | 'schedule' | 'twoFactor' | 'lobby' | 'captions';

const PATH: Record<SettingsSection, string> = {
  branding: 'branding', features: 'features', registration: 'registration', password: 'password', schedule: 'schedule',
  twoFactor: 'two-factor', lobby: 'lobby-order', captions: 'captions',
};

/** `uploaded`: a picture was stored at once, while the section's other fields may still be unsaved. */
export type SectionState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'uploaded' } | { kind: 'failed'; failure: ControlFailure };

/** The settings as stored, and each section's last save. */
export const $settings = atom<ConsoleSettings | null>(null);
export const $sections = atom<Partial<Record<SettingsSection, SectionState>>>({});

const setState = (section: SettingsSection, state: SectionState) => $sections.set({ ...$sections.get(), [section]: state });

const read = rereader(async () => {
  try {
    $settings.set(await apiJson<ConsoleSettings>('/api/console/settings'));
  } catch { /* what is on screen stays; the next change or event reads again */ }
});

let started = false;

/** Starts from the page's settings; another organiser's change (`event-change`) or a reconnect reads them again. */
export function initSettings(settings: ConsoleSettings): void {
  $settings.set(settings);
  if (started) return;
  started = true;
  onRealtime('event-change', read);
  onReconnect(read);
}

/** Saves one section; answers the call's whole answer (the settings, and what the call adds), or undefined when refused. */
export async function saveSection<T extends ConsoleSettings>(section: SettingsSection, body: unknown): Promise<T | undefined> {
  setState(section, { kind: 'saving' });
  try {
    const answer = await apiJson<T>(`/api/console/settings/${PATH[section]}`, { method: 'POST', body });
    $settings.set(answer);
    setState(section, { kind: 'saved' });
    return answer;
  } catch (error) {
    setState(section, { kind: 'failed', failure: failureOf(error) });
    return undefined;
  }
}

/** Uploads the logo or the background picture (the server checks it by content); answers the settings, or undefined when refused. */
export async function uploadPicture(kind: PictureKind, file: File): Promise<ConsoleSettings | undefined> {
  const form = new FormData();
  form.append('image', file);
  setState('branding', { kind: 'saving' });
  try {
    const answer = await apiJson<ConsoleSettings>(`/api/console/settings/picture/${kind}`, { method: 'POST', body: form });
    $settings.set(answer);
    setState('branding', { kind: 'uploaded' });
    return answer;
  } catch (error) {
    setState('branding', { kind: 'failed', failure: failureOf(error) });
    return undefined;
  }
}
