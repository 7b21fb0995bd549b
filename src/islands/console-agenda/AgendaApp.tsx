import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ConsoleAgenda, ConsoleAgendaSession } from '~/contracts/console-agenda';
import { ConfirmDialog } from '~/islands/console/ConfirmDialog';
import { dayKey } from '~/lib/dates';
import { createT, type Messages } from '~/lib/translate';
import { $agenda, $busy, deleteSession, initAgenda, saveSession, type AgendaFailure, type AgendaOutcome } from './agenda.store';
import { failedText, SessionForm } from './SessionForm';
import { SessionList } from './SessionList';
import { formOf, inputOf, isChanged, isMove, type SessionFormState } from './session-form';
import '~/islands/console/console.css';
import './console-agenda.css';

interface Props {
  agenda: ConsoleAgenda;
  locale: string;
  messages: Messages;
}

type Question = { title: string; text: string; confirm: string; quote?: string; run: () => void };
/** The form open: a new session (`id` undefined) or one being changed, with what it held when opened. */
type Open = { id: number | undefined; saved: SessionFormState };

/**
 * The programme of the console (docs/console.md "Programme"): the sessions by day, and the form
 * that creates or changes one. Leaving a changed form asks first (another session, Cancel, a
 * link of the console, closing the tab); moving or deleting a booked session says how many
 * booked it before it is done.
 */
export default function AgendaApp({ agenda: first, locale, messages }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  useEffect(() => initAgenda(first), [first]);
  const agenda = useStore($agenda) ?? first;
  const busy = useStore($busy);
  const [open, setOpen] = useState<Open | null>(null);
  const [form, setForm] = useState<SessionFormState | null>(null);
  const [failure, setFailure] = useState<AgendaFailure | undefined>();
  const [failureCount, setFailureCount] = useState(0);
  const [question, setQuestion] = useState<Question | null>(null);
  const [status, setStatus] = useState('');
  const formArea = useRef<HTMLDivElement>(null);
  /** Set once the organiser chose to leave: the page's own unload asks nothing more. */
  const leaving = useRef(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  /** Says what was done, and takes the focus the closed form had. */
  const announce = (text: string) => {
    setStatus(text);
    requestAnimationFrame(() => statusRef.current?.focus());
  };
  const dirty = open !== null && form !== null && isChanged(form, open.saved);
  const editing = open?.id === undefined ? undefined : agenda.sessions.find((s) => s.id === open.id);

  // Closing the tab or following a console link with the form changed asks first.
  useEffect(() => {
    if (!dirty) return undefined;
    const onUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || link.target === '_blank') return;
      event.preventDefault();
      setQuestion({ title: t('console.agenda.leave.title'), text: t('console.agenda.leave.text'), confirm: t('console.agenda.leave.confirm'), run: () => {
        leaving.current = true;
        window.location.assign(link.href);
      } });
    };
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('click', onClick);
    return () => { window.removeEventListener('beforeunload', onUnload); document.removeEventListener('click', onClick); };
  }, [dirty, t]);

  const unlessDirty = (then: () => void) => {
    if (!dirty) return then();
    setQuestion({ title: t('console.agenda.leave.title'), text: t('console.agenda.leave.text'), confirm: t('console.agenda.leave.confirm'), run: then });
  };

  const openForm = (session: ConsoleAgendaSession | undefined) => unlessDirty(() => {
    const firstDay = agenda.sessions[0] ? dayKey(agenda.sessions[0].startDate, agenda.timeZone) : dayKey(Date.now(), agenda.timeZone);
    const saved = formOf(session, firstDay);
    setOpen({ id: session?.id, saved });
    setForm(saved);
    setFailure(undefined);
    setStatus('');
    // The form's heading takes the focus, so a screen reader starts at the form.
    requestAnimationFrame(() => formArea.current?.querySelector<HTMLElement>('h2')?.focus());
  });

  const close = () => {
    setOpen(null);
    setForm(null);
    setFailure(undefined);
  };

  const refused = (outcome: AgendaOutcome & { ok: false }) => {
    setFailure(outcome.failure);
    setFailureCount((n) => n + 1);
  };

  const send = async (confirmBooked: boolean) => {
    if (!open || !form) return;
    const outcome = await saveSession(inputOf(form, confirmBooked), open.id);
    if (outcome.ok) {
      close();
      const title = outcome.change.session?.title ?? '';
      announce(outcome.change.told > 0 ? t('console.agenda.done.movedTold', { title, count: outcome.change.told }) : t('console.agenda.done.saved', { title }));
      return;
    }
    // Someone booked meanwhile: ask with the count the server gave.
    if (outcome.failure.field === 'confirmBooked' && outcome.failure.booked !== undefined) return askMove(outcome.failure.booked);
    refused(outcome);
  };

  const askMove = (booked: number) => setQuestion({
    title: t('console.agenda.move.title'), text: t('console.agenda.move.text', { count: booked }), confirm: t('console.agenda.move.confirm'),
    quote: form?.title ?? '', run: () => void send(true),
  });

  const submit = () => {
    if (!form) return;
    if (editing && editing.booked > 0 && isMove(editing, form)) return askMove(editing.booked);
    void send(false);
  };

  const remove = (session: ConsoleAgendaSession) => unlessDirty(() => {
    const doDelete = async (confirmBooked: boolean) => {
      const outcome = await deleteSession(session.id, confirmBooked);
      if (outcome.ok) {
        if (open?.id === session.id) close();
        announce(outcome.change.told > 0 ? t('console.agenda.done.deletedTold', { title: session.title, count: outcome.change.told }) : t('console.agenda.done.deleted', { title: session.title }));
      } else if (outcome.failure.field === 'confirmBooked' && outcome.failure.booked !== undefined) {
        ask(outcome.failure.booked);
      } else {
        announce(failedText(outcome.failure, t));
      }
    };
    const ask = (booked: number) => setQuestion({
      title: t('console.agenda.delete.title'), quote: session.title, confirm: t('console.agenda.delete.confirm'),
      text: booked > 0 ? t('console.agenda.delete.booked', { count: booked }) : t('console.agenda.delete.text'), run: () => void doDelete(booked > 0),
    });
    ask(session.booked);
  });

  return (
    <div className={open ? 'console-agenda is-editing' : 'console-agenda'}>
      {open && form && (
        <div ref={formArea} className="console-agenda-side">
          <section className="console-panel">
            <SessionForm agenda={agenda} editing={editing ? { title: editing.title, booked: editing.booked } : null} form={form} onChange={setForm}
              failure={failure} failureCount={failureCount} busy={busy} locale={locale} onSubmit={submit} onCancel={() => unlessDirty(close)} t={t} />
          </section>
        </div>
      )}
      <section className="console-panel console-agenda-list" aria-labelledby="console-agenda-title">
        <div className="console-agenda-top">
          <h2 id="console-agenda-title">{t('console.agenda.title')}</h2>
          <button type="button" className="button primary" onClick={() => openForm(undefined)} disabled={busy}>{t('console.agenda.add')}</button>
        </div>
        <p ref={statusRef} className="console-agenda-status" role="status" tabIndex={-1} data-testid="agenda-status">{status}</p>
        <SessionList agenda={agenda} locale={locale} busy={busy} openId={open?.id} onEdit={openForm} onDelete={remove} t={t} />
      </section>
      <ConfirmDialog question={question} onConfirm={() => question?.run()} onClose={() => setQuestion(null)} t={t} />
    </div>
  );
}
