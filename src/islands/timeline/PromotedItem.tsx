import type { Platform } from '~/contracts/event-settings';
import type { TimelineItem } from '~/contracts/timeline';
import type { Translate } from '~/lib/translate';
import { promotedTarget, type PromotedTarget } from './promoted-link';
import { messageText } from './relative-time';
import { pictureLoading, TimelineImages } from './TimelineImages';

export interface PromotedItemProps {
  item: TimelineItem;
  platform: Platform;
  /** Its picture is the timeline's first: fetched at once, with high priority. */
  isPriority?: boolean;
  t: Translate;
  onOpen: (target: PromotedTarget) => void;
}

/**
 * A promoted item (docs/product.md §2, §3) in its link mode: PICTURE_ONLY_HIDDEN_BUTTON the picture is the
 * link, BUTTON_LINK_ONLY a button, CONTAINER the whole card. docs/product.md §5: the button only where the
 * item's platform tags include this view's platform.
 */
export function PromotedItem({ item, platform, isPriority = false, t, onOpen }: PromotedItemProps) {
  const target = item.PlatformDisplayOptions.includes(platform) ? promotedTarget(item.Promolink) : null;
  const label = item.Promolinktext?.trim() || t('timeline.openPromoted');
  const image = item.imageUrls[0];
  const message = item.Message ? <p className="timeline-message">{messageText(item.Message)}</p> : null;
  const open = () => target && onOpen(target);

  if (target && item.LinkMode === 'PICTURE_ONLY_HIDDEN_BUTTON' && image) {
    return (
      <article className="timeline-promo is-picture" aria-label={t('timeline.promoted')}>
        <button type="button" className="timeline-promo-picture" onClick={open}>
          <img src={image} alt={item.Message ? messageText(item.Message) : label} {...pictureLoading(isPriority)} />
        </button>
      </article>
    );
  }
  if (target && item.LinkMode === 'CONTAINER') {
    return (
      <article className="timeline-promo is-container" aria-label={t('timeline.promoted')}>
        <button type="button" className="timeline-promo-container" onClick={open}>
          {image && <img src={image} alt="" {...pictureLoading(isPriority)} />}
          {message}
          <span className="timeline-promo-cta">{label}</span>
        </button>
      </article>
    );
  }
  return (
    <article className="timeline-promo" aria-label={t('timeline.promoted')}>
      <TimelineImages urls={item.imageUrls} author={t('timeline.organiser')} isPriority={isPriority} t={t} />
      {message}
      {target && <button type="button" className="button" onClick={open}>{label}</button>}
    </article>
  );
}
