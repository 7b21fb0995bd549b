import { useState, type FormEvent } from 'react';
import type { ConsoleTimelineItem } from '~/contracts/console';
import { Dialog } from '~/islands/ui/Dialog';
import type { Translate } from '~/lib/translate';
import { promoteItem, removeItem, type ControlFailure as Failure } from './console.store';
import { ConfirmDialog } from './ConfirmDialog';
import { ControlFailure } from './ControlFailure';
import { PinForm } from './PinForm';
import { draftOf, EMPTY_PROMOTION, promotionOf, PromotionFields, type PromotionDraft } from './PromotionFields';
import { quoteOf, type ModeratedEntry } from './moderated-entry';
import { TimelineRow } from './TimelineRow';

interface Props {
  items: ConsoleTimelineItem[];
  pending: ReadonlySet<string>;
  failures: Record<string, Failure | undefined>;
  zone: string;
  locale: string;
  t: Translate;
}

/** Timeline moderation: remove any post or comment, promote a post, pin an announcement. */
export function TimelinePanel({ items, pending, failures, zone, locale, t }: Props) {
  const [removing, setRemoving] = useState<ModeratedEntry | null>(null);
  const [promoting, setPromoting] = useState<ConsoleTimelineItem | null>(null);
  const [draft, setDraft] = useState<PromotionDraft>(EMPTY_PROMOTION);
  const startPromoting = (item: ConsoleTimelineItem) => {
    setDraft(draftOf(item));
    setPromoting(item);
  };
  const sendPromotion = (event: FormEvent) => {
    event.preventDefault();
    if (promoting) void promoteItem(promoting.TimelineID, promotionOf(draft));
    setPromoting(null);
  };
  return (
    <section className="console-panel" id="console-timeline" aria-labelledby="console-timeline-title">
      <h2 id="console-timeline-title">{t('console.timeline.title')}</h2>
      <PinForm isPending={pending.has('pin')} failure={failures['pin']} t={t} />
      <ControlFailure failure={failures['read:timeline']} t={t} />
      {items.length === 0 ? <p className="console-empty">{t('console.timeline.none')}</p> : (
        <ul className="console-list console-posts">
          {items.map((item) => (
            <TimelineRow key={item.TimelineID} item={item} pending={pending} failures={failures} onRemove={setRemoving} onPromote={startPromoting}
              zone={zone} locale={locale} t={t} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        question={removing && {
          title: t('console.timeline.removeTitle'), text: t('console.timeline.removeText'), confirm: t('console.timeline.removeConfirm'),
          quote: quoteOf(removing, t),
        }}
        onConfirm={() => { if (removing) void removeItem(removing.TimelineID); }}
        onClose={() => setRemoving(null)}
        t={t}
      />
      <Dialog isOpen={promoting !== null} title={t(promoting?.isPromo === '1' ? 'console.promote.editTitle' : 'console.promote.title')} onClose={() => setPromoting(null)} closeLabel={t('console.confirm.cancel')}>
        <form className="console-form" onSubmit={sendPromotion}>
          {promoting && <blockquote className="console-quote">{quoteOf(promoting, t)}</blockquote>}
          <PromotionFields draft={draft} onChange={setDraft} t={t} />
          <button type="submit" className="button primary">{t(promoting?.isPromo === '1' ? 'console.promote.save' : 'console.promote.send')}</button>
        </form>
      </Dialog>
    </section>
  );
}
