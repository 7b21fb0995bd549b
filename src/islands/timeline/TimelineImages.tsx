import type { Translate } from '~/lib/translate';

/**
 * How a picture loads: the timeline's first at once and ahead of other requests (it is the stage's
 * and web app's largest paint), every other one when it nears the screen.
 */
export const pictureLoading = (isPriority: boolean) => (isPriority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const });

export interface TimelineImagesProps {
  urls: string[];
  author: string;
  /** The first picture is the timeline's first. */
  isPriority?: boolean;
  t: Translate;
}

/**
 * A post's or comment's images; each opens full size in a new tab. The size attributes give the
 * 4:3 box (timeline.css) before any style or picture arrives.
 */
export function TimelineImages({ urls, author, isPriority = false, t }: TimelineImagesProps) {
  if (urls.length === 0) return null;
  return (
    <ul className={`timeline-images count-${Math.min(urls.length, 4)}`}>
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer">
            <img src={url} width={640} height={480} {...pictureLoading(isPriority && index === 0)}
              alt={t('timeline.imageAlt', { n: index + 1, count: urls.length, name: author })} />
          </a>
        </li>
      ))}
    </ul>
  );
}
