const ALLOWED = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'A', 'UL', 'OL', 'LI', 'H1', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'SPAN', 'DIV']);

/**
 * Rich text the server sends as it was written (getTermsText answers the raw terms, because the
 * acceptance must repeat them exactly). Before showing it, keep only simple formatting tags and
 * http(s)/mailto links; every other element keeps its text only, and no attribute but href stays.
 */
export function safeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of Array.from(node.children)) {
      clean(child);
      if (!ALLOWED.has(child.tagName)) {
        child.replaceWith(...(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'TEMPLATE'].includes(child.tagName) ? [] : Array.from(child.childNodes)));
        continue;
      }
      for (const attribute of Array.from(child.attributes)) {
        const isSafeLink = child.tagName === 'A' && attribute.name === 'href' && /^(https?:|mailto:)/i.test(attribute.value.trim());
        if (!isSafeLink) child.removeAttribute(attribute.name);
      }
      if (child.tagName === 'A') child.setAttribute('rel', 'noopener noreferrer');
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
