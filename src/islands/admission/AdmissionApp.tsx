import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { AdmissionResponse } from '~/contracts/admission';
import { createT, type Messages } from '~/lib/translate';
import { ChosenDay } from '~/islands/ui/ChosenDay';
import { $failed, $filter, $list, $lists, $search, currentEventId, downloadAdmission, followAdmission, init, setFilter, type AdmissionList } from './admission.store';
import { ParticipantTableView, searchRows } from './ParticipantTableView';
import './admission.css';

interface Props {
  eventId: number;
  lists: AdmissionResponse | null;
  groups: { id: number; name: string }[];
  /** The page's language (the chosen days under the date inputs). */
  locale: string;
  messages: Messages;
}

/** docs/product.md §2 admission page: Scanned-In / Not Scanned-In with counts (Scanned-In first), search, dates, groups, Export. */
export default function AdmissionApp({ eventId, lists: initial, groups, locale, messages }: Props) {
  const t = createT(messages);
  const id = useId();
  useState(() => init(eventId, initial));
  const lists = useStore($lists);
  const list = useStore($list);
  const search = useStore($search);
  const filter = useStore($filter);
  const failed = useStore($failed);
  const [exporting, setExporting] = useState(false);
  useEffect(() => () => $search.set(''), []);
  useEffect(() => followAdmission(), []);
  const admitted = lists?.admittedParticipants ?? { header: [], values: [] };
  const notAdmitted = lists?.noAdmittedParticipants ?? { header: [], values: [] };
  const shown = list === 'admitted' ? admitted : notAdmitted;
  const rows = searchRows(shown, search);
  const incomplete = Boolean(filter.fromDate) !== Boolean(filter.toDate);
  const tab = (which: AdmissionList, label: string, count: number) => (
    <button type="button" className={`button ${list === which ? 'primary' : 'secondary'}`} aria-pressed={list === which} onClick={() => $list.set(which)}>
      {label} ({count})
    </button>
  );
  const exportFile = async () => {
    setExporting(true);
    await downloadAdmission(currentEventId(), filter, { addAdmittedRows: list === 'admitted', addNoAdmitedRows: list === 'notAdmitted' });
    setExporting(false);
  };
  return (
    <div className="admission">
      <div className="admission-filters">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('admission.fromDate')}</label>
          <input id={`${id}-from`} type="date" value={filter.fromDate} aria-describedby={`${id}-from-day`}
            onChange={(e) => setFilter({ fromDate: e.target.value })} />
          <ChosenDay id={`${id}-from-day`} day={filter.fromDate} locale={locale} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('admission.toDate')}</label>
          <input id={`${id}-to`} type="date" value={filter.toDate} aria-describedby={`${id}-to-day`}
            onChange={(e) => setFilter({ toDate: e.target.value })} />
          <ChosenDay id={`${id}-to-day`} day={filter.toDate} locale={locale} />
        </div>
        {incomplete && <p className="field-error" role="status">{t('admission.datesBoth')}</p>}
        {groups.length > 0 && (
          <fieldset className="admission-groups">
            <legend>{t('admission.groups')}</legend>
            {groups.map((g) => (
              <label key={g.id}>
                <input type="checkbox" checked={filter.groups.includes(g.id)}
                  onChange={(e) => setFilter({ groups: e.target.checked ? [...filter.groups, g.id] : filter.groups.filter((x) => x !== g.id) })} />
                {g.name}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <div className="admission-bar">
        <div className="admission-tabs" role="group" aria-label={t('admission.title')}>
          {tab('admitted', t('admission.scannedIn'), admitted.values.length)}
          {tab('notAdmitted', t('admission.notScannedIn'), notAdmitted.values.length)}
        </div>
        <div className="field">
          <label htmlFor={`${id}-search`}>{t('admission.search')}</label>
          <input id={`${id}-search`} type="search" value={search} onChange={(e) => $search.set(e.target.value)} />
        </div>
        <button type="button" className="button secondary" disabled={exporting} onClick={() => void exportFile()}>{t('admission.export')}</button>
      </div>
      {failed && <p role="status">{t('admission.failed')}</p>}
      {admitted.values.length === 0 && notAdmitted.values.length === 0
        ? <p className="admission-empty" role="status">{t('admission.notFound')}</p>
        : <ParticipantTableView table={shown} rows={rows} caption={list === 'admitted' ? t('admission.scannedIn') : t('admission.notScannedIn')} />}
    </div>
  );
}
