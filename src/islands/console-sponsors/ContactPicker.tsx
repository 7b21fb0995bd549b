import { useEffect, useState } from 'react';
import type { ConsoleAttendee } from '~/contracts/console-sponsors';
import { fieldId } from '~/islands/console/row-editor';
import type { Translate } from '~/lib/translate';
import { findAttendees } from './sponsors.store';

interface Props {
  contacts: ConsoleAttendee[];
  onChange: (contacts: ConsoleAttendee[]) => void;
  error: string | undefined;
  t: Translate;
}

/** The sponsor's contact people: those picked, and a search over the event's attendees by name or e-mail to add more. */
export function ContactPicker({ contacts, onChange, error, t }: Props) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<ConsoleAttendee[] | null>(null);
  const id = fieldId('sponsors', 'contactIds');
  useEffect(() => {
    const text = search.trim();
    if (text.length < 2) {
      setFound(null);
      return undefined;
    }
    // One search once typing pauses, not one per key.
    const timer = setTimeout(() => void findAttendees(text).then((outcome) => setFound(outcome.ok ? outcome.value : [])), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const picked = new Set(contacts.map((c) => c.id));
  const matches = (found ?? []).filter((a) => !picked.has(a.id));
  return (
    <fieldset className="console-platforms console-contacts">
      <legend>{t('console.sponsors.contacts')}</legend>
      {contacts.length === 0 ? <p className="console-hint">{t('console.sponsors.contactNone')}</p> : (
        <ul className="console-list">
          {contacts.map((c) => (
            <li key={c.id}>
              <span className="console-row-text"><span className="console-name">{c.name}</span><span className="console-note">{c.email}</span></span>
              <button type="button" className="button secondary" onClick={() => onChange(contacts.filter((x) => x.id !== c.id))}>
                {t('console.sponsors.contactRemove', { name: c.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={id}>{t('console.sponsors.contactSearch')}</label>
      <input id={id} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)}
        aria-invalid={error !== undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && <p id={`${id}-error`} className="console-field-error">{error}</p>}
      {found !== null && (
        <ul className="console-list" aria-live="polite">
          {matches.length === 0 ? <li className="console-hint">{t('console.sponsors.contactNoMatch')}</li> : matches.map((a) => (
            <li key={a.id}>
              <span className="console-row-text"><span className="console-name">{a.name}</span><span className="console-note">{a.email}</span></span>
              <button type="button" className="button secondary" onClick={() => { onChange([...contacts, a]); setSearch(''); }}>
                {t('console.sponsors.contactAdd', { name: a.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
