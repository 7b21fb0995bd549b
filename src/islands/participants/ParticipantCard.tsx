import { useId, useState } from 'react';
import type { Participant } from '~/contracts/participants';
import { emitPageEvent } from '~/lib/page-events';
import { fullName, hasMoreInfo, type ParticipantRules } from '~/lib/participant-rules';
import type { Translate } from '~/lib/translate';
import { ParticipantAvatar } from './ParticipantAvatar';
import { ContactDetails } from './ContactDetails';

interface Props {
  participant: Participant;
  isOnline: boolean;
  isSelf: boolean;
  rules: ParticipantRules;
  t: Translate;
}

/** docs/product.md §2 participant card: avatar with online status, name, company, job title, More info / Show less, message. */
export function ParticipantCard({ participant: p, isOnline, isSelf, rules, t }: Props) {
  const [isExpanded, setExpanded] = useState(false);
  const detailsId = useId();
  const name = fullName(p);
  return (
    <li className="participant-card" data-user-id={p.UserID}>
      <ParticipantAvatar participant={p} isOnline={rules.showOnline ? isOnline : undefined} size={48} />
      <div className="participant-body">
        <h3 className="participant-name">
          <button type="button" className="link-button" onClick={() => emitPageEvent('open-profile', { userId: p.UserID })}>{name}</button>
        </h3>
        {rules.showOnline && <p className={`presence-label${isOnline ? ' is-online' : ''}`}>{t(isOnline ? 'participants.online' : 'participants.offline')}</p>}
        {(p.Jobtitle || p.Company) && <p className="participant-role">{[p.Jobtitle, p.Company].filter(Boolean).join(', ')}</p>}
        {isExpanded && <div id={detailsId}><ContactDetails participant={p} t={t} /></div>}
        <div className="participant-actions">
          {hasMoreInfo(p) && (
            <button type="button" className="button secondary" aria-expanded={isExpanded} aria-controls={isExpanded ? detailsId : undefined}
              aria-label={`${t(isExpanded ? 'participants.showLess' : 'participants.moreInfo')}: ${name}`} onClick={() => setExpanded(!isExpanded)}>
              {t(isExpanded ? 'participants.showLess' : 'participants.moreInfo')}
            </button>
          )}
          {rules.canMessage && !isSelf && (
            <button type="button" className="button" aria-label={t('participants.messageTo', { name })}
              onClick={() => emitPageEvent('open-chat', { userId: p.UserID })}>
              {t('participants.message')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
