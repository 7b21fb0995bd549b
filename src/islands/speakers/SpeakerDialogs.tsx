import type { Speaker } from '~/contracts/speakers';
import { Dialog } from '~/islands/ui/Dialog';
import { shortDate, timeRange } from '~/lib/dates';
import type { Translate } from '~/lib/translate';
import { ContactLinks } from './ContactLinks';

interface Props {
  speaker: Speaker | null;
  t: Translate;
  onClose: () => void;
}

const fullName = (s: Speaker) => `${s.name} ${s.lastName}`;

/** docs/product.md §2 speaker info modal: description, phone and e-mail (as the event allows), links. */
export function SpeakerInfoDialog({ speaker, t, onClose }: Props) {
  return (
    <Dialog isOpen={speaker !== null} title={speaker ? t('speakers.infoTitle', { name: fullName(speaker) }) : ''}
      onClose={onClose} closeLabel={t('speakers.close')} className="agenda-dialog speaker-dialog">
      {speaker && (
        <>
          {(speaker.jobTitle || speaker.company) && <p className="speaker-role">{[speaker.jobTitle, speaker.company].filter(Boolean).join(', ')}</p>}
          {speaker.description && <div className="speaker-description" dangerouslySetInnerHTML={{ __html: speaker.description }} />}
          <dl className="speaker-contact">
            <dt>{t('speakers.phone')}</dt>
            <dd>{speaker.phoneNumber ? <a href={`tel:${speaker.phoneNumber.replace(/\s+/g, '')}`}>{speaker.phoneNumber}</a> : t('speakers.notAvailable')}</dd>
            <dt>{t('speakers.email')}</dt>
            <dd>{speaker.email ? <a href={`mailto:${speaker.email}`}>{speaker.email}</a> : t('speakers.notAvailable')}</dd>
          </dl>
          <ContactLinks links={speaker.links} name={fullName(speaker)} t={t} />
        </>
      )}
    </Dialog>
  );
}

/** docs/product.md §2 speaker sessions modal: a table of time range (HH:mm), date and title, and close. */
export function SpeakerSessionsDialog({ speaker, t, onClose, timeZone }: Props & { timeZone: string }) {
  return (
    <Dialog isOpen={speaker !== null} title={speaker ? t('speakers.sessionsTitle', { name: fullName(speaker) }) : ''}
      onClose={onClose} closeLabel={t('speakers.close')} className="agenda-dialog speaker-dialog">
      {speaker && (
        <>
          <div className="speaker-table-wrap">
            <table className="speaker-sessions">
              <thead>
                <tr><th scope="col">{t('speakers.sessionTime')}</th><th scope="col">{t('speakers.sessionDate')}</th><th scope="col">{t('speakers.sessionTitle')}</th></tr>
              </thead>
              <tbody>
                {speaker.sessions.map((s) => (
                  <tr key={s.id}>
                    <td>{timeRange(s.startDate, s.endDate, timeZone)}</td>
                    <td>{shortDate(s.startDate, timeZone)}</td>
                    <td>{s.title}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>{t('speakers.close')}</button>
          </div>
        </>
      )}
    </Dialog>
  );
}
