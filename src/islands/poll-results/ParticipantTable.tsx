import type { PollResultsResponse } from '~/contracts/poll-results';
import type { Translate } from '~/lib/translate';

/** docs/product.md §2 results table: name, last name, e-mail, answers, comments; one column per question of a quiz. */
export function ParticipantTable({ results, t, onMore }: { results: PollResultsResponse; t: Translate; onMore?: () => void }) {
  const questions = results.items.length > 0 ? results.items : [results.poll];
  const rows = results.votesRegistrations;
  return (
    <section className="results-table-wrap" aria-label={t('pollResults.table')}>
      <h2 className="results-subtitle">{t('pollResults.table')}</h2>
      {results.votesTotal === 0 ? <p className="results-muted">{t('pollResults.tableEmpty')}</p> : (
        <>
          <p className="results-muted">{t('pollResults.showing', { shown: rows.length, total: results.votesTotal })}</p>
          <div className="results-scroll" tabIndex={0} role="region" aria-label={t('pollResults.table')}>
            <table className="results-table">
              <thead>
                <tr>
                  <th scope="col">{t('pollResults.name')}</th>
                  <th scope="col">{t('pollResults.lastName')}</th>
                  <th scope="col">{t('pollResults.email')}</th>
                  {questions.map((q) => <th scope="col" key={q.id}>{questions.length > 1 ? q.title : t('pollResults.answersColumn')}</th>)}
                  <th scope="col">{t('pollResults.comments')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.userId}>
                    <td>{r.name}</td><td>{r.lastName}</td><td>{r.email}</td>
                    {questions.map((q) => <td key={q.id}>{r.answers[String(q.id)] ?? ''}</td>)}
                    <td>{r.comment}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {onMore && rows.length < results.votesTotal && <button type="button" className="button secondary" onClick={onMore}>{t('pollResults.loadMore')}</button>}
    </section>
  );
}
