import { useId, useState } from 'react';
import type { ConsoleAgenda } from '~/contracts/console-agenda';
import type { Translate } from '~/lib/translate';
import { moved } from './session-form';

interface Props {
  speakers: ConsoleAgenda['speakers'];
  chosen: number[];
  onChange: (ids: number[]) => void;
  /** The picker's description and invalid mark when the speakers were refused. */
  invalid: { 'aria-invalid'?: boolean | undefined; 'aria-describedby'?: string | undefined; 'data-field': string };
  t: Translate;
}

/** The session's speakers in the order they are shown: add one of the event's speakers, move one up or down, take one off. */
export function SpeakerPicker({ speakers, chosen, onChange, invalid, t }: Props) {
  const id = useId();
  const [pick, setPick] = useState('');
  const nameOf = (speakerId: number) => speakers.find((s) => s.id === speakerId)?.name ?? String(speakerId);
  const free = speakers.filter((s) => !chosen.includes(s.id));
  const add = () => {
    if (pick === '') return;
    onChange([...chosen, Number(pick)]);
    setPick('');
  };
  return (
    <fieldset className="console-platforms console-speakers">
      <legend>{t('console.agenda.fields.speakers')}</legend>
      {chosen.length === 0 ? <p className="console-empty">{t('console.agenda.speakers.none')}</p> : (
        <ol className="console-list">
          {chosen.map((speakerId, index) => (
            <li key={speakerId}>
              <span className="console-name">{nameOf(speakerId)}</span>
              <span className="console-actions">
                <button type="button" className="button secondary" disabled={index === 0} onClick={() => onChange(moved(chosen, index, -1))}
                  aria-label={t('console.agenda.speakers.up', { name: nameOf(speakerId) })}>↑</button>
                <button type="button" className="button secondary" disabled={index === chosen.length - 1} onClick={() => onChange(moved(chosen, index, 1))}
                  aria-label={t('console.agenda.speakers.down', { name: nameOf(speakerId) })}>↓</button>
                <button type="button" className="button secondary" onClick={() => onChange(chosen.filter((s) => s !== speakerId))}
                  aria-label={t('console.agenda.speakers.remove', { name: nameOf(speakerId) })}>{t('console.agenda.speakers.removeShort')}</button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {free.length > 0 && (
        <div className="console-row">
          <label className="visually-hidden" htmlFor={`${id}-pick`}>{t('console.agenda.speakers.pick')}</label>
          <select id={`${id}-pick`} value={pick} onChange={(e) => setPick(e.target.value)} {...invalid}>
            <option value="">{t('console.agenda.speakers.pick')}</option>
            {free.map((s) => <option key={s.id} value={s.id}>{s.detail ? `${s.name} (${s.detail})` : s.name}</option>)}
          </select>
          <button type="button" className="button secondary" disabled={pick === ''} onClick={add}>{t('console.agenda.speakers.add')}</button>
        </div>
      )}
    </fieldset>
  );
}
