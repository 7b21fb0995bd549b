import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ConsolePoll } from '~/contracts/console';
import { EDITABLE_TYPES, MAX_SCALE, type EditablePoll } from '~/contracts/console-polls';
import { ApiError } from '~/islands/http/api-error';
import type { Locale } from '~/contracts/event-settings';
import { ConfirmDialog } from '~/islands/console/ConfirmDialog';
import { KIND } from '~/islands/console/PollRow';
import { createT, type Messages } from '~/lib/translate';
import { PollPreview } from './PollPreview';
import { copyPoll, deletePoll, freeCode, listPolls, readPoll, savePoll } from './poll-editor.store';
import { draftOf, emptyForm, formOf, moved, newAlternative, newItem, partsOf, type AlternativeForm, type PollForm } from './poll-draft';
import '~/islands/console/console.css';

interface Props {
  polls: ConsolePoll[];
  messages: Messages;
  /** The attendees' poll texts of each language, for the preview. */
  languages: { locale: Locale; messages: Messages }[];
}

type Editing = { kind: 'new' } | { kind: 'poll'; poll: EditablePoll };
interface Refusal { field: string; text: string }

/** The poll editor (docs/console.md "Preparing polls"): the event's polls, and one form to make or change one. */
export default function PollEditorApp({ polls: first, messages, languages }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  const id = useId();
  const [polls, setPolls] = useState(first);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form, setForm] = useState<PollForm>(emptyForm);
  const [saved, setSaved] = useState<string>(JSON.stringify(emptyForm()));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<{ list: string; index: number } | null>(null);
  const [asking, setAsking] = useState<{ title: string; text: string; confirm: string; act: () => void } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const isChanged = editing !== null && JSON.stringify(form) !== saved;
  const parts = partsOf(form.questionType);
  const locked = editing?.kind === 'poll' && editing.poll.answers > 0;
  // The fields the form shows a refusal beside; any other is said under the form.
  const shownBeside = ['questionType', 'title', ...(parts.hasAlternatives ? ['alternatives'] : []), ...(parts.hasScale ? ['scale'] : []), ...(parts.hasItems ? ['items'] : []), ...(parts.hasCode ? ['code'] : [])];

  // A changed form is not lost by a misplaced tap: the browser asks before leaving the page.
  useEffect(() => {
    if (!isChanged) return undefined;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [isChanged]);
  useEffect(() => { if (editing) heading.current?.focus(); }, [editing]);
  useEffect(() => {
    if (refusal) document.getElementById(`${id}-${refusal.field.split('.')[0]}`)?.focus();
  }, [refusal, id]);

  const reload = async () => setPolls(await listPolls());
  const start = (next: Editing, nextForm: PollForm) => {
    setEditing(next);
    setForm(nextForm);
    setSaved(JSON.stringify(nextForm));
    setRefusal(null);
    setNotice('');
  };
  const leave = (then: () => void) => {
    if (!isChanged) return then();
    setAsking({ title: t('console.pollEditor.leaveTitle'), text: t('console.pollEditor.leaveText'), confirm: t('console.pollEditor.leaveConfirm'), act: then });
  };
  const open = (poll: ConsolePoll) => leave(() => void readPoll(poll.id).then((stored) => start({ kind: 'poll', poll: stored }, formOf(stored))));
  const refuse = (error: unknown) => {
    if (error instanceof ApiError) {
      const field = error.field ?? 'title';
      const key = error.code === 'poll.locked' ? 'console.pollEditor.locked' : error.code === 'poll.code_taken' ? 'console.pollEditor.codeTaken' : 'console.pollEditor.invalid';
      setRefusal({ field, text: t(key, { field: t(`console.pollEditor.fields.${field.split('.')[0] ?? field}`) }) });
    } else setRefusal({ field: 'title', text: t('console.errors.offline') });
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      const stored = await savePoll(editing?.kind === 'poll' ? editing.poll.id : undefined, draftOf(form));
      start({ kind: 'poll', poll: stored }, formOf(stored));
      setNotice(t('console.pollEditor.saved'));
      await reload();
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (editing?.kind !== 'poll') return;
    const stored = await copyPoll(editing.poll.id);
    start({ kind: 'poll', poll: stored }, formOf(stored));
    setNotice(t('console.pollEditor.copied'));
    await reload();
  };
  const remove = () => {
    if (editing?.kind !== 'poll') return;
    const { poll } = editing;
    setAsking({
      title: t('console.pollEditor.deleteTitle'),
      text: poll.answers > 0 ? t('console.pollEditor.archiveText', { count: poll.answers, title: poll.title }) : t('console.pollEditor.deleteText', { title: poll.title }),
      confirm: poll.answers > 0 ? t('console.pollEditor.archiveConfirm') : t('console.pollEditor.deleteConfirm'),
      act: () => void deletePoll(poll.id, poll.answers > 0).then(async () => {
        setEditing(null);
        setSaved(JSON.stringify(form));
        await reload();
      }, refuse),
    });
  };

  const set = <K extends keyof PollForm>(key: K, value: PollForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const invalid = (field: string) => (refusal !== null && refusal.field.split('.')[0] === field ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-refusal` } : {});
  const refusalFor = (field: string) => (refusal !== null && refusal.field.split('.')[0] === field ? <p className="console-error" id={`${id}-refusal`} role="alert">{refusal.text}</p> : null);

  // An alternative is moved by dragging it onto another of its list, or by its ↑/↓ buttons (the keyboard's and one thumb's way).
  const drop = (list: AlternativeForm[], onChange: (next: AlternativeForm[]) => void, listKey: string, to: number) => {
    if (dragged?.list === listKey && dragged.index !== to) onChange(moved(list, dragged.index, to - dragged.index));
    setDragged(null);
  };
  const alternativeRows = (list: AlternativeForm[], onChange: (next: AlternativeForm[]) => void, withCorrect: boolean, label: string, listKey: string) => (
    <ol className="console-alternatives-list">
      {list.map((alternative, index) => (
        <li key={alternative.id ?? `new-${index}`} className={`console-row${dragged?.list === listKey && dragged.index === index ? ' is-dragged' : ''}`}
          data-testid={`alternative-${listKey}-${index}`}
          onDragOver={(event) => { if (dragged?.list === listKey) event.preventDefault(); }}
          onDrop={(event) => { event.preventDefault(); drop(list, onChange, listKey, index); }}>
          {/* The grip is what drags, so choosing text in the field does not move the row. */}
          {!locked && (
            <span className="console-grip" aria-hidden="true" draggable data-testid={`grip-${listKey}-${index}`}
              onDragStart={(event) => { event.dataTransfer.setData('text/plain', String(index)); event.dataTransfer.effectAllowed = 'move'; setDragged({ list: listKey, index }); }}
              onDragEnd={() => setDragged(null)}>⋮⋮</span>
          )}
          <input type="text" maxLength={500} value={alternative.text} aria-label={t('console.pollEditor.alternative', { number: index + 1, of: label })}
            onChange={(event) => onChange(list.map((a, i) => (i === index ? { ...a, text: event.target.value } : a)))} />
          <input type="color" value={alternative.color || '#1a73e8'} aria-label={t('console.pollEditor.colour', { number: index + 1 })}
            onChange={(event) => onChange(list.map((a, i) => (i === index ? { ...a, color: event.target.value } : a)))} />
          {withCorrect && (
            <label className="console-check"><input type="checkbox" checked={alternative.isCorrect} disabled={locked}
              onChange={(event) => onChange(list.map((a, i) => (i === index ? { ...a, isCorrect: event.target.checked } : a)))} />{t('console.pollEditor.correct')}</label>
          )}
          <span className="console-actions">
            <button type="button" className="button" disabled={locked || index === 0} aria-label={t('console.pollEditor.up', { number: index + 1 })} onClick={() => onChange(moved(list, index, -1))}>↑</button>
            <button type="button" className="button" disabled={locked || index === list.length - 1} aria-label={t('console.pollEditor.down', { number: index + 1 })} onClick={() => onChange(moved(list, index, 1))}>↓</button>
            <button type="button" className="button secondary" disabled={locked} aria-label={t('console.pollEditor.removeAlternative', { number: index + 1 })} onClick={() => onChange(list.filter((_, i) => i !== index))}>✕</button>
          </span>
        </li>
      ))}
      {!locked && <li><button type="button" className="button" onClick={() => onChange([...list, newAlternative()])}>{t('console.pollEditor.addAlternative')}</button></li>}
    </ol>
  );

  return (
    <>
      <section className="console-panel" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{t('console.pollEditor.listTitle')}</h2>
        <button type="button" className="button primary" onClick={() => leave(() => start({ kind: 'new' }, emptyForm()))}>{t('console.pollEditor.new')}</button>
        {polls.length === 0 ? <p className="console-empty">{t('console.polls.none')}</p> : (
          <ul className="console-list">
            {polls.map((poll) => (
              <li key={poll.id}>
                <button type="button" className="button console-poll-pick" aria-current={editing?.kind === 'poll' && editing.poll.id === poll.id ? 'true' : undefined} onClick={() => open(poll)}>
                  <span className="console-name">{poll.title}</span>
                  <span className="console-kind">{t(KIND[poll.questionType] ?? 'polls.kind.poll')}</span>
                  <span className={`console-state${poll.isOpen ? ' is-on' : ''}`}>{t(poll.isOpen ? 'console.polls.open' : 'console.polls.closed')}</span>
                  <span className="console-note">{t('console.polls.answers', { count: poll.answers })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {editing && (
        <section className="console-panel" aria-labelledby={`${id}-form`}>
          <h2 id={`${id}-form`} tabIndex={-1} ref={heading}>{editing.kind === 'new' ? t('console.pollEditor.newTitle') : t('console.pollEditor.editTitle', { title: editing.poll.title })}</h2>
          {locked && <p className="console-hint">{t('console.pollEditor.lockedHint', { count: editing.poll.answers })}</p>}
          <form className="console-form" onSubmit={(event) => void save(event)} noValidate>
            <label htmlFor={`${id}-questionType`}>{t('console.pollEditor.fields.questionType')}</label>
            <select id={`${id}-questionType`} value={form.questionType} disabled={locked} {...invalid('questionType')} onChange={(event) => set('questionType', Number(event.target.value))}>
              {EDITABLE_TYPES.map((type) => <option key={type} value={type}>{t(KIND[type] ?? 'polls.kind.poll')}</option>)}
            </select>
            {refusalFor('questionType')}
            <label htmlFor={`${id}-title`}>{t('console.pollEditor.fields.title')}</label>
            <input id={`${id}-title`} type="text" maxLength={200} value={form.title} {...invalid('title')} onChange={(event) => set('title', event.target.value)} />
            {refusalFor('title')}
            <label htmlFor={`${id}-question`}>{t('console.pollEditor.fields.question')}</label>
            <textarea id={`${id}-question`} rows={2} maxLength={2000} value={form.question} onChange={(event) => set('question', event.target.value)} />
            {parts.hasAlternatives && (
              <fieldset className="console-platforms" id={`${id}-alternatives`} tabIndex={-1} {...invalid('alternatives')}>
                <legend>{t('console.pollEditor.fields.alternatives')}</legend>
                {alternativeRows(form.alternatives, (next) => set('alternatives', next), false, form.title, 'poll')}
                {refusalFor('alternatives')}
              </fieldset>
            )}
            {parts.hasScale && (
              <>
                <label htmlFor={`${id}-scale`}>{t('console.pollEditor.fields.scale')}</label>
                <input id={`${id}-scale`} type="number" min={2} max={MAX_SCALE} value={form.scale} disabled={locked} {...invalid('scale')} onChange={(event) => set('scale', Number(event.target.value))} />
                <p className="console-hint">{t('console.pollEditor.scaleHint', { max: MAX_SCALE })}</p>
                {refusalFor('scale')}
              </>
            )}
            {parts.hasItems && (
              <fieldset className="console-platforms" id={`${id}-items`} tabIndex={-1} {...invalid('items')}>
                <legend>{t('console.pollEditor.fields.items')}</legend>
                {form.items.map((item, index) => (
                  <div key={item.id ?? `new-${index}`} className="console-item">
                    <label htmlFor={`${id}-item-${index}`}>{t('console.pollEditor.itemTitle', { number: index + 1 })}</label>
                    <input id={`${id}-item-${index}`} type="text" maxLength={200} value={item.title}
                      onChange={(event) => set('items', form.items.map((x, i) => (i === index ? { ...x, title: event.target.value } : x)))} />
                    {alternativeRows(item.alternatives, (next) => set('items', form.items.map((x, i) => (i === index ? { ...x, alternatives: next } : x))), true, item.title, `item${index}`)}
                    {!locked && <button type="button" className="button secondary" onClick={() => set('items', form.items.filter((_, i) => i !== index))}>{t('console.pollEditor.removeItem', { number: index + 1 })}</button>}
                  </div>
                ))}
                {!locked && <button type="button" className="button" onClick={() => set('items', [...form.items, newItem()])}>{t('console.pollEditor.addItem')}</button>}
                {refusalFor('items')}
              </fieldset>
            )}
            {parts.hasCode && (
              <>
                <label htmlFor={`${id}-code`}>{t('console.pollEditor.fields.code')}</label>
                <div className="console-row">
                  <input id={`${id}-code`} type="text" inputMode="numeric" maxLength={4} value={form.code} {...invalid('code')} onChange={(event) => set('code', event.target.value)} />
                  <button type="button" className="button" onClick={() => void freeCode().then((code) => set('code', code))}>{t('console.pollEditor.freeCode')}</button>
                </div>
                {refusalFor('code')}
              </>
            )}
            <label className="console-check"><input type="checkbox" checked={form.publicResults} onChange={(event) => set('publicResults', event.target.checked)} />{t('console.pollEditor.fields.publicResults')}</label>
            <label className="console-check"><input type="checkbox" checked={form.commentsEnabled} onChange={(event) => set('commentsEnabled', event.target.checked)} />{t('console.pollEditor.fields.commentsEnabled')}</label>
            {refusal && !shownBeside.includes(refusal.field.split('.')[0] ?? '') && <p className="console-error" role="alert">{refusal.text}</p>}
            <div className="console-actions">
              <button type="submit" className="button primary" disabled={busy}>{t('console.pollEditor.save')}</button>
              {editing.kind === 'poll' && <button type="button" className="button" onClick={() => void copy()}>{t('console.pollEditor.copy')}</button>}
              <button type="button" className="button" onClick={() => leave(() => { setEditing(null); setSaved(JSON.stringify(form)); })}>{t('console.pollEditor.cancel')}</button>
              {editing.kind === 'poll' && <button type="button" className="button secondary" onClick={remove}>{t('console.pollEditor.delete')}</button>}
            </div>
            <p role="status" className="console-hint">{notice}</p>
          </form>
          <PollPreview form={form} languages={languages} t={t} />
        </section>
      )}
      <ConfirmDialog question={asking} onConfirm={() => asking?.act()} onClose={() => setAsking(null)} t={t} />
    </>
  );
}
