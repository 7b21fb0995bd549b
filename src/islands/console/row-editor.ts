import { useCallback, useEffect, useState } from 'react';
import type { Translate } from '~/lib/translate';
import type { ControlFailure } from './console.store';
import { failureText } from './control-failure';
import { leaveFor, useLeaveGuard } from './leave-guard';
import type { Outcome } from './rows.store';

/** A question the page's ConfirmDialog asks, with what to do on yes. */
export interface Question {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
}

interface Options<Row, Draft> {
  /** The area's key under `console.` in locales/ (`speakers`), and the prefix of its fields' ids. */
  area: string;
  rows: Row[];
  draftOf: (row: Row) => Draft;
  empty: () => Draft;
  inputOf: (draft: Draft, saved: Draft) => unknown;
  save: (id: number | null, input: unknown) => Promise<Outcome<Row>>;
  t: Translate;
}

/** The id of the control a field path names: `links.0.url` → `speakers-links-0-url`. */
export const fieldId = (area: string, field: string): string => `${area}-${field.replace(/\./g, '-')}`;

/**
 * The edit form of a console list page: which row is open (or a new one), its draft and the saved
 * state it started from, the refusal of the last save by field (shown beside it, focus moved to
 * it), and the question before a change is dropped (another row, cancel, a link away, a reload).
 */
export function useRowEditor<Row extends { id: number }, Draft>({ area, rows, draftOf, empty, inputOf, save, t }: Options<Row, Draft>) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [saved, setSaved] = useState<Draft>(empty);
  const [draft, setDraft] = useState<Draft>(empty);
  const [error, setError] = useState<{ field: string | undefined; text: string } | null>(null);
  const [status, setStatus] = useState('');
  const [question, setQuestion] = useState<Question | null>(null);
  const isChanged = editing !== null && JSON.stringify(draft) !== JSON.stringify(saved);

  const open = useCallback((target: number | 'new' | null, row?: Row) => {
    const next = target === 'new' || target === null ? empty() : draftOf(row ?? rows.find((r) => r.id === target)!);
    setEditing(target);
    setSaved(next);
    setDraft(next);
    setError(null);
    setStatus('');
    if (target !== null) requestAnimationFrame(() => document.getElementById(fieldId(area, 'form'))?.focus());
  }, [area, draftOf, empty, rows]);

  const askToDrop = (then: () => void) => {
    if (!isChanged) {
      then();
      return;
    }
    setQuestion({ title: t('console.rows.dropTitle'), text: t('console.rows.dropText'), confirm: t('console.rows.drop'), onConfirm: then });
  };

  const onLeave = useCallback((href: string) => {
    setQuestion({ title: t('console.rows.dropTitle'), text: t('console.rows.dropText'), confirm: t('console.rows.drop'), onConfirm: () => { setSaved(draft); leaveFor(href); } });
  }, [draft, t]);
  useLeaveGuard(isChanged, onLeave);

  // A refusal moves focus to the field it names, so a screen reader hears its error next.
  useEffect(() => {
    if (error?.field) document.getElementById(fieldId(area, error.field))?.focus();
  }, [area, error]);

  const failed = (failure: ControlFailure) => {
    // `links.2.url` → `links_url`: one text for every link.
    const generic = failure.field?.replace(/\.\d+/g, '').replace(/\./g, '_');
    const key = `console.${area}.errors.${generic ?? ''}`;
    const text = failure.status === 400 && generic && t(key) !== key ? t(key) : failureText(failure, t);
    setError({ field: failure.status === 400 ? failure.field : undefined, text });
    setStatus('');
  };

  async function submit(): Promise<void> {
    if (editing === null) return;
    setError(null);
    setStatus(t('console.rows.saving'));
    const outcome = await save(editing === 'new' ? null : editing, inputOf(draft, saved));
    if (!outcome.ok) {
      failed(outcome.failure);
      return;
    }
    const next = draftOf(outcome.value);
    setEditing(outcome.value.id);
    setSaved(next);
    setDraft(next);
    setStatus(t('console.rows.saved'));
  }

  /** The error text of a field, when the last refusal named it. */
  const errorOf = (field: string): string | undefined => (error?.field === field ? error.text : undefined);

  return {
    editing, draft, setDraft, saved, setSaved, isChanged, status, setStatus, question, setQuestion, failed, submit, errorOf,
    /** The refusal that names no field of the form (shown at its top). */
    formError: error && (!error.field || !document.getElementById(fieldId(area, error.field))) ? error.text : undefined,
    /** Opens a row (or a new one, or closes with null), asking first when the open one has changes. */
    select: (target: number | 'new' | null) => askToDrop(() => open(target)),
    /** Closes the form without asking (its row is gone). */
    close: () => open(null),
  };
}
