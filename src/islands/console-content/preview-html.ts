/*
 * The information page's preview in the console (docs/console.md "Content"): the organiser's text
 * as attendees will see it, before the server sanitises it on save. The text is parsed inert
 * (DOMParser runs nothing) and copied node by node: only the tags and attributes rich text may
 * keep, links only to web, mail and phone addresses; anything else leaves its text, scripts and
 * styles not even that.
 */

const TAGS = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'span', 'blockquote', 'code', 'pre',
  'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'textarea', 'select', 'title']);
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], th: ['colspan', 'rowspan', 'scope'], td: ['colspan', 'rowspan'],
};
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/(?!\/))/i;

/** `html` as nodes of `into`'s document that carry no script, style or unsafe link. */
export function previewOf(html: string, into: Document): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = into.createDocumentFragment();
  const copy = (from: Node, to: Node) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        to.appendChild(into.createTextNode(child.textContent ?? ''));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const element = child as Element;
      const tag = element.localName;
      if (DROPPED.has(tag)) continue;
      if (!TAGS.has(tag)) {
        copy(element, to);
        continue;
      }
      const made = into.createElement(tag);
      for (const name of ATTRIBUTES[tag] ?? []) {
        const value = element.getAttribute(name);
        if (value === null || (name === 'href' || name === 'src') && !SAFE_URL.test(value.trim())) continue;
        made.setAttribute(name, value);
      }
      if (tag === 'a') made.setAttribute('rel', 'noopener noreferrer');
      copy(element, made);
      to.appendChild(made);
    }
  };
  copy(parsed.body, out);
  return out;
}
