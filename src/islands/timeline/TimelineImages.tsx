import type { Translate } from '~/lib/translate';

/** A post's or comment's images; each opens full size in a new tab. */
export function TimelineImages({ urls, author, t }: { urls: string[]; author: string; t: Translate }) {
  if (urls.length === 0) return null;
  return (
    <ul className={`timeline-images count-${Math.min(urls.length, 4)}`}>
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer">
            <img src={url} loading="lazy" alt={t('timeline.imageAlt', { n: index + 1, count: urls.length, name: author })} />
          </a>
        </li>
      ))}
    </ul>
  );
}
