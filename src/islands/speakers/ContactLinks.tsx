import type { ContactLink } from '~/contracts/contact-links';
import type { Translate } from '~/lib/translate';

/** A speaker's contact links (docs/product.md §3), each named for screen readers as "{type} of {name}". */
export function ContactLinks({ links, name, t }: { links: ContactLink[]; name: string; t: Translate }) {
  if (links.length === 0) return null;
  return (
    <ul className="speaker-links" aria-label={t('speakers.links')}>
      {links.map((link) => (
        <li key={`${link.type}-${link.url}`}>
          <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={t('speakers.linkLabel', { type: link.type, name })}>
            {link.type}
          </a>
        </li>
      ))}
    </ul>
  );
}
