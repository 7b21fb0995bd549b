import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { Participant } from '~/contracts/participants';
import { Dialog } from '~/islands/ui/Dialog';
import { emitPageEvent, onPageEvent } from '~/lib/page-events';
import { fullName, type ParticipantRules } from '~/lib/participant-rules';
import { createT, type Messages } from '~/lib/translate';
import { ContactDetails } from './ContactDetails';
import { $onlineLoaded, $onlineUserIds, followOnline } from './online.store';
import { ParticipantAvatar } from './ParticipantAvatar';
import { participantsApi } from './participants.store';
import { useViewer } from '~/islands/viewer/use-viewer';
import './participants.css';

export interface ParticipantProfileProps {
  eventId: number;
  rules: ParticipantRules;
  messages: Messages;
}

type Shown = { status: 'closed' } | { status: 'loading' | 'missing'; userId: number } | { status: 'shown'; participant: Participant };

/**
 * docs/product.md §2 participant profile modal, opened by the page event 'open-profile' from any island
 * (participant cards, chat, timeline): avatar, name, job title, company, phone and e-mail only where
 * visible, About, send private message (emits 'open-chat'), close. Focus stays in the modal; Escape closes.
 */
export default function ParticipantProfile({ eventId, rules, messages }: ParticipantProfileProps) {
  const ownUserId = useViewer(eventId)?.userId;
  const t = useMemo(() => createT(messages), [messages]);
  const [shown, setShown] = useState<Shown>({ status: 'closed' });
  const online = useStore($onlineUserIds);
  const isOnlineLoaded = useStore($onlineLoaded);

  useEffect(() => onPageEvent('open-profile', ({ userId }) => {
    setShown({ status: 'loading', userId });
    if (rules.showOnline) followOnline(eventId);
    participantsApi.one(eventId, userId)
      .then((participant) => setShown((now) => (now.status === 'loading' && now.userId === userId ? { status: 'shown', participant } : now)))
      .catch(() => setShown((now) => (now.status === 'loading' && now.userId === userId ? { status: 'missing', userId } : now)));
  }), [eventId, rules.showOnline]);

  const close = () => setShown({ status: 'closed' });
  const p = shown.status === 'shown' ? shown.participant : null;
  const isOnline = p ? (isOnlineLoaded ? online.has(p.UserID) : p.Online) : false;
  const title = p ? fullName(p) : t('participants.profileTitle');
  return (
    <Dialog isOpen={shown.status !== 'closed'} title={title} onClose={close} closeLabel={t('participants.close')} className="participant-dialog">
      {shown.status === 'loading' && <p role="status">{t('participants.loading')}</p>}
      {shown.status === 'missing' && <p role="alert">{t('participants.notFound')}</p>}
      {p && (
        <div className="participant-profile">
          <div className="participant-profile-head">
            <ParticipantAvatar participant={p} isOnline={rules.showOnline ? isOnline : undefined} size={96} />
            <div>
              {rules.showOnline && <p className={`presence-label${isOnline ? ' is-online' : ''}`}>{t(isOnline ? 'participants.online' : 'participants.offline')}</p>}
              {p.Jobtitle && <p className="participant-role">{p.Jobtitle}</p>}
              {p.Company && <p className="participant-role">{p.Company}</p>}
            </div>
          </div>
          <ContactDetails participant={p} t={t} />
        </div>
      )}
      <div className="dialog-actions">
        {p && rules.canMessage && ownUserId !== undefined && p.UserID !== ownUserId && (
          <button type="button" className="button" onClick={() => { close(); emitPageEvent('open-chat', { userId: p.UserID }); }}>
            {t('participants.sendMessage')}
          </button>
        )}
        <button type="button" className="button secondary" onClick={close}>{t('participants.close')}</button>
      </div>
    </Dialog>
  );
}
