import { useEffect, useState } from 'react';
import type { SponsorContactUser } from '~/contracts/sponsors';
import { Dialog } from '~/islands/ui/Dialog';
import type { Translate } from '~/lib/translate';
import { SENT_INDICATOR_MS } from './sponsor-timers';
import { requestMeeting } from './sponsors.store';

interface Props {
  eventId: number;
  sponsorId: number;
  /** The viewer, whose own card has no meeting button; null while a page kept for every member hydrates. */
  ownUserId: number | null;
  users: SponsorContactUser[];
  t: Translate;
}

type Request = 'idle' | 'sending' | 'sent' | 'done' | 'failed';

/**
 * docs/product.md §2 contacts tab and §4 meeting request: the button is disabled once clicked, re-enabled
 * (the request undone) on failure; "sent" shows for 4.5 s.
 */
export function ContactUsers({ eventId, sponsorId, ownUserId, users, t }: Props) {
  const [requests, setRequests] = useState<Record<number, Request>>({});
  const [profile, setProfile] = useState<SponsorContactUser | null>(null);
  const set = (id: number, state: Request) => setRequests((r) => ({ ...r, [id]: state }));

  useEffect(() => {
    const sent = Object.entries(requests).filter(([, s]) => s === 'sent').map(([id]) => Number(id));
    if (sent.length === 0) return undefined;
    const timer = window.setTimeout(() => setRequests((r) => ({ ...r, ...Object.fromEntries(sent.map((id) => [id, 'done'])) })), SENT_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [requests]);

  async function request(id: number) {
    set(id, 'sending');
    try {
      await requestMeeting(eventId, sponsorId, id);
      set(id, 'sent');
    } catch {
      set(id, 'failed');
    }
  }

  const name = (u: SponsorContactUser) => `${u.Firstname} ${u.Lastname}`;
  return (
    <>
      <ul className="contact-users">
        {users.map((u) => {
          const state = requests[u.UserID] ?? 'idle';
          return (
            <li key={u.UserID} className="contact-user">
              {u.Picture ? <img src={u.Picture} alt="" width={56} height={56} className="avatar" /> : <span className="avatar" aria-hidden="true">{u.Firstname.slice(0, 1)}</span>}
              <span className="contact-user-text">
                <button type="button" className="link-button" aria-label={t('sponsors.showProfile', { name: name(u) })} onClick={() => setProfile(u)}>{name(u)}</button>
                <span>{[u.Jobtitle, u.Company].filter(Boolean).join(', ')}</span>
              </span>
              {u.UserID !== ownUserId && (
                <span className="contact-user-action">
                  <button type="button" className="button secondary" disabled={state === 'sending' || state === 'sent' || state === 'done'}
                    aria-label={t('sponsors.requestMeetingFor', { name: name(u) })} onClick={() => void request(u.UserID)}>
                    {t('sponsors.requestMeeting')}
                  </button>
                  <span role="status" className="notice">{state === 'sent' ? t('sponsors.meetingRequested') : state === 'failed' ? t('sponsors.meetingFailed') : ''}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <Dialog isOpen={profile !== null} title={profile ? name(profile) : ''} closeLabel={t('sponsors.close')} onClose={() => setProfile(null)}>
        {profile && (
          <div className="profile">
            {profile.Picture && <img src={profile.Picture} alt="" width={96} height={96} className="avatar" />}
            <p>{[profile.Jobtitle, profile.Company].filter(Boolean).join(', ')}</p>
            <dl>
              <dt>{t('sponsors.phone')}</dt><dd>{profile.Cell ? <a href={`tel:${profile.Cell}`}>{profile.Cell}</a> : t('sponsors.notAvailable')}</dd>
              <dt>{t('sponsors.email')}</dt><dd>{profile.Email ? <a href={`mailto:${profile.Email}`}>{profile.Email}</a> : t('sponsors.notAvailable')}</dd>
              {profile.About2 && <><dt>{t('sponsors.about')}</dt><dd>{profile.About2}</dd></>}
            </dl>
          </div>
        )}
      </Dialog>
    </>
  );
}
