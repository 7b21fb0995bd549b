import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { IMPORT_FIELDS, type ImportPreview, type ImportRowError } from '~/contracts/console-people';
import type { ControlFailure } from '~/islands/console/console.store';
import { failureText } from '~/islands/console/control-failure';
import type { Translate } from '~/lib/translate';
import { $busy, previewImport, runImport } from './people.store';

interface Props {
  t: Translate;
}

/** Where the import stands: the file read and previewed, rows written so far, the outcome. */
interface State {
  csv: string;
  preview: ImportPreview | null;
  progress: { done: number; total: number } | null;
  result: string;
  failure: ControlFailure | null;
  errors: ImportRowError[];
}

const EMPTY: State = { csv: '', preview: null, progress: null, result: '', failure: null, errors: [] };

/**
 * The CSV import (docs/console.md "People"): a file is previewed first (its separator, which
 * column fills which field, the first rows, what it would do, every bad row); only a file
 * without a bad row can be imported, and the bar shows the rows written.
 */
export function ImportPanel({ t }: Props) {
  const busy = useStore($busy);
  const [state, setState] = useState<State>(EMPTY);
  const fieldLabel = (field: string) => (field === 'file' ? t('console.people.file') : t(`console.people.${field}`));
  const errorText = (e: ImportRowError) => t('console.people.rowError', { row: e.row, field: fieldLabel(e.field), message: t(`console.people.errors.${e.field}`) });

  const choose = async (file: File | undefined) => {
    if (!file) return setState(EMPTY);
    const csv = await file.text();
    const outcome = await previewImport(csv);
    setState({ ...EMPTY, csv, preview: outcome.ok ? outcome.value : null, failure: outcome.ok ? null : outcome.failure });
  };

  const start = async () => {
    setState((s) => ({ ...s, progress: { done: 0, total: s.preview?.total ?? 0 }, result: '', failure: null, errors: [] }));
    const outcome = await runImport(state.csv, (done, total) => setState((s) => ({ ...s, progress: { done, total } })));
    if (outcome.ok) {
      const { created, updated, unchanged } = outcome.value;
      setState((s) => ({ ...s, preview: null, csv: '', result: t('console.people.imported', { created, updated, unchanged }) }));
    } else {
      setState((s) => ({ ...s, progress: null, failure: outcome.failure, errors: outcome.errors ?? [] }));
    }
  };

  const { preview, progress } = state;
  const errors = state.errors.length > 0 ? state.errors : preview?.errors ?? [];
  return (
    <section className="console-panel people-import" aria-labelledby="import-title">
      <h2 id="import-title">{t('console.people.importTitle')}</h2>
      <p className="console-hint" id="import-hint">{t('console.people.importHint', { fields: IMPORT_FIELDS.join(', ') })}</p>
      <div className="console-form">
        <label htmlFor="import-file">{t('console.people.importFile')}</label>
        <input id="import-file" type="file" accept=".csv,text/csv" aria-describedby="import-hint" disabled={busy} onChange={(e) => void choose(e.target.files?.[0])} />
      </div>
      {preview && (
        <>
          <p>{t('console.people.previewCounts', { total: preview.total, ...preview.counts })}</p>
          <h3>{t('console.people.mapping')}</h3>
          <div className="people-scroll" tabIndex={0} role="region" aria-label={t('console.people.mapping')}>
            <table className="people-table">
              <thead><tr><th scope="col">{t('console.people.column')}</th><th scope="col">{t('console.people.field')}</th></tr></thead>
              <tbody>
                {preview.columns.map((c, i) => (
                  <tr key={i}><td>{c.header}</td><td>{c.field ? fieldLabel(c.field) : t('console.people.notImported')}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.rows.length > 0 && (
            <>
              <h3>{t('console.people.firstRows')}</h3>
              <div className="people-scroll" tabIndex={0} role="region" aria-label={t('console.people.firstRows')}>
                <table className="people-table">
                  <thead><tr>{IMPORT_FIELDS.filter((f) => preview.columns.some((c) => c.field === f)).map((f) => <th key={f} scope="col">{fieldLabel(f)}</th>)}</tr></thead>
                  <tbody>
                    {preview.rows.map((row, i) => (
                      <tr key={i}>{IMPORT_FIELDS.filter((f) => preview.columns.some((c) => c.field === f)).map((f) => <td key={f}>{row[f] ?? ''}</td>)}</tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
      {errors.length > 0 && (
        <div className="console-error" role="alert">
          <p>{t('console.people.refused', { count: new Set(errors.map((e) => e.row)).size })}</p>
          <ul className="people-errors">
            {errors.slice(0, 50).map((e, i) => <li key={i}>{errorText(e)}</li>)}
          </ul>
          {errors.length > 50 && <p>{t('console.people.moreErrors', { count: errors.length - 50 })}</p>}
        </div>
      )}
      {preview && errors.length === 0 && (
        <div className="console-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void start()}>{t('console.people.importButton', { total: preview.total })}</button>
        </div>
      )}
      {progress && (
        <div className="console-form">
          <label htmlFor="import-progress">{t('console.people.importing', { done: progress.done, total: progress.total })}</label>
          <progress id="import-progress" value={progress.done} max={Math.max(1, progress.total)} />
        </div>
      )}
      <p role="status" className="console-hint">{state.result}</p>
      {state.failure && errors.length === 0 && <p className="console-error" role="alert">{failureText(state.failure, t)}</p>}
    </section>
  );
}
