import sanitizeHtml from 'sanitize-html';

/*
 * docs/decisions.md: rich text (session and speaker descriptions, info pages, captions) is
 * sanitised on the server with an allow-list before any page or API response carries it.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'span', 'blockquote', 'code', 'pre',
    'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // Relative image paths (/api/asset/…) are fine; protocol-relative URLs are not.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links may open elsewhere but never get a handle on this page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs['target'] ? { target: '_blank' } : {}) },
    }),
  },
};

/** The allow-listed subset of untrusted HTML; empty input gives an empty string. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Sanitised HTML, or null when nothing readable is left (so "More info" can be hidden). */
export function sanitizeOptional(html: string | null | undefined): string | null {
  const clean = sanitizeRichText(html);
  return sanitizeHtml(clean, { allowedTags: ['img'], allowedAttributes: false }).trim() === '' ? null : clean;
}

/**
 * Rich text that was sanitised when it was written (imports, migrations 0060 and 0085), or null
 * when nothing readable is in it. Reads never sanitise again: this is only a look at
 * the text, no HTML parse, and it may be called per request.
 */
export function storedRichTextOrNull(html: string | null | undefined): string | null {
  const text = html?.trim();
  if (!text) return null;
  return text.replace(/<(?!img[\s/>])[^>]*>/gi, '').trim() === '' ? null : text;
}
