import type { Participant } from '~/contracts/participants';
import type { Translate } from '~/lib/translate';

/** Phone and e-mail (or the not-available caption of docs/product.md §8) and About, as the card and the profile show them. */
export function ContactDetails({ participant: p, t }: { participant: Participant; t: Translate }) {
  return (
    <dl className="participant-contact">
      <dt>{t('participants.phone')}</dt>
      <dd>{p.Phone ? <a href={`tel:${p.Phone.replace(/\s+/g, '')}`}>{p.Phone}</a> : t('participants.notAvailable')}</dd>
      <dt>{t('participants.email')}</dt>
      <dd>{p.Email ? <a href={`mailto:${p.Email}`}>{p.Email}</a> : t('participants.notAvailable')}</dd>
      {p.About2 && (
        <>
          <dt>{t('participants.about')}</dt>
          <dd className="participant-about">{p.About2}</dd>
        </>
      )}
    </dl>
  );
}
