import { useState } from 'react';
import type { ConsoleSettings } from '~/contracts/console-settings';
import { CAPTION_KEYS, LOBBY_ELEMENT_TYPES, type CaptionKey } from '~/contracts/event-settings';
import { FormField } from '~/islands/console/FormField';
import { RowOrderList } from '~/islands/console/RowOrderList';
import type { Translate } from '~/lib/translate';
import { SectionForm, useFieldError } from './SectionForm';
import { saveSection } from './settings.store';

interface Props {
  settings: ConsoleSettings;
  t: Translate;
}

/** The event's time zone and its start and end as wall times of that zone. */
export function ScheduleSection({ settings, t }: Props) {
  const [schedule, setSchedule] = useState(settings.schedule);
  const errorOf = useFieldError('schedule', t);
  return (
    <SectionForm section="schedule" title={t('console.settings.schedule.title')} fields={['timeZone', 'start', 'end']}
      onSubmit={() => void saveSection('schedule', schedule)} t={t}>
      <FormField id="settings-time-zone" label={t('console.settings.schedule.timeZone')} hint={t('console.settings.schedule.timeZoneHint')} error={errorOf('timeZone')}>
        {(control) => <input {...control} type="text" autoComplete="off" spellCheck={false} value={schedule.timeZone} onChange={(e) => setSchedule({ ...schedule, timeZone: e.target.value })} />}
      </FormField>
      <FormField id="settings-start" label={t('console.settings.schedule.start')} error={errorOf('start')}>
        {(control) => <input {...control} type="datetime-local" value={schedule.start} onChange={(e) => setSchedule({ ...schedule, start: e.target.value })} />}
      </FormField>
      <FormField id="settings-end" label={t('console.settings.schedule.end')} error={errorOf('end')}>
        {(control) => <input {...control} type="datetime-local" value={schedule.end} onChange={(e) => setSchedule({ ...schedule, end: e.target.value })} />}
      </FormField>
    </SectionForm>
  );
}

/** Two-factor login on or off for the event's attendees. */
export function TwoFactorSection({ settings, t }: Props) {
  const [on, setOn] = useState(settings.twoFactor);
  return (
    <SectionForm section="twoFactor" title={t('console.settings.twoFactor.title')} hint={t('console.settings.twoFactor.hint')} fields={['on']}
      onSubmit={() => void saveSection('twoFactor', { on })} t={t}>
      <label className="settings-check">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        {t('console.settings.twoFactor.on')}
      </label>
    </SectionForm>
  );
}

const TYPE_NAMES = Object.fromEntries(Object.entries(LOBBY_ELEMENT_TYPES).map(([name, type]) => [type, name]));

/** The lobby's sections in their order: dragged, or moved with their arrows; each move is saved at once. */
export function LobbySection({ settings, t }: Props) {
  const rows = settings.lobby.map((s) => ({
    id: s.id, title: s.title || t(`console.settings.lobby.types.${TYPE_NAMES[s.type] ?? 'banner'}`), detail: s.title ? t(`console.settings.lobby.types.${TYPE_NAMES[s.type] ?? 'banner'}`) : '', imageUrl: null,
  }));
  return (
    <section className="console-panel settings-section" id="settings-lobby" aria-labelledby="settings-lobby-title">
      <h2 id="settings-lobby-title">{t('console.settings.lobby.title')}</h2>
      <p className="console-hint">{t('console.rows.orderHint')}</p>
      <RowOrderList rows={rows} selectedId={null} busy={false} t={t} onOrder={(ids) => void saveSection('lobby', { ids })} />
    </section>
  );
}

/** The event's names of its sections and tabs; empty is the platform's own name in the page's language. */
export function CaptionsSection({ settings, t }: Props) {
  const [captions, setCaptions] = useState<Partial<Record<CaptionKey, string>>>(settings.captions);
  const errorOf = useFieldError('captions', t);
  return (
    <SectionForm section="captions" title={t('console.settings.captions.title')} hint={t('console.settings.captions.hint')} fields={['captions']}
      onSubmit={() => void saveSection('captions', { captions: Object.fromEntries(CAPTION_KEYS.map((k) => [k, captions[k] ?? ''])) })} t={t}>
      <div className="settings-captions">
        {CAPTION_KEYS.map((key) => (
          <FormField key={key} id={`caption-${key}`} label={t(`console.settings.captions.${key}`)} error={errorOf(`captions.${key}`)}>
            {(control) => <input {...control} type="text" maxLength={60} placeholder={t(`captions.${key}`)} value={captions[key] ?? ''} onChange={(e) => setCaptions({ ...captions, [key]: e.target.value })} />}
          </FormField>
        ))}
      </div>
    </SectionForm>
  );
}
