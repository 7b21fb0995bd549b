import { useEffect, useState } from 'react';
import type { InfoPage } from '~/contracts/content';
import type { Speaker } from '~/contracts/speakers';
import { PromotedPoll } from '~/islands/polls/PromotedPoll';
import { safeHtml } from '~/islands/ui/safe-html';
import type { Messages, Translate } from '~/lib/translate';
import { fetchInfoPage } from '~/islands/content/content.store';
import { fetchSpeaker } from './timeline.store';
import type { PromotedTarget } from './promoted-link';

export interface PromotedPanelProps {
  eventId: number;
  target: PromotedTarget;
  /** The locale's polls section, for the poll views. */
  pollMessages: Messages;
  t: Translate;
  onClose: () => void;
}

type Loaded = { kind: 'speaker'; speaker: Speaker } | { kind: 'info'; page: InfoPage } | { kind: 'failed' } | null;

/** docs/product.md §2 promoted page panel: a poll kind shows the poll view, speaker and info their page; Back and Close clear it. */
export function PromotedPanel({ eventId, target, pollMessages, t, onClose }: PromotedPanelProps) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    if (target.kind !== 'speaker' && target.kind !== 'info') return;
    const load = target.kind === 'speaker'
      ? fetchSpeaker(eventId, target.id).then((speaker): Loaded => ({ kind: 'speaker', speaker }))
      : fetchInfoPage(eventId, target.id).then((page): Loaded => ({ kind: 'info', page }));
    void load.catch((): Loaded => ({ kind: 'failed' })).then(setLoaded);
  }, [eventId, target]);

  let body;
  if (target.kind === 'speaker' || target.kind === 'info') {
    if (!loaded) body = <p aria-busy="true">{t('timeline.loading')}</p>;
    else if (loaded.kind === 'failed') body = <p role="alert">{t('timeline.loadFailed')}</p>;
    else if (loaded.kind === 'speaker') {
      const s = loaded.speaker;
      body = (
        <div className="timeline-page">
          <h3>{`${s.name} ${s.lastName}`.trim()}</h3>
          {(s.jobTitle || s.company) && <p>{[s.jobTitle, s.company].filter(Boolean).join(', ')}</p>}
          {s.description && <div dangerouslySetInnerHTML={{ __html: safeHtml(s.description) }} />}
        </div>
      );
    } else {
      body = (
        <div className="timeline-page">
          <h3>{loaded.page.Heading}</h3>
          <div dangerouslySetInnerHTML={{ __html: safeHtml(loaded.page.Tekst) }} />
        </div>
      );
    }
  } else if (target.kind !== 'link' && target.kind !== 'session' && target.kind !== 'sponsor') {
    body = <PromotedPoll eventId={eventId} kind={target.kind} pollId={target.id} messages={pollMessages} onCancel={onClose} />;
  }

  return (
    <section className="timeline-panel" aria-label={t('timeline.promotedPage')}>
      <div className="timeline-panel-bar">
        <button type="button" className="timeline-link" onClick={onClose}>{t('timeline.back')}</button>
        <button type="button" className="timeline-link" onClick={onClose} aria-label={t('timeline.close')}>×</button>
      </div>
      {body}
    </section>
  );
}
