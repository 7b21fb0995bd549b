import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '~/contracts/login';
import { fillViewerTemplate, gzipViewerTemplate, makeViewerTemplate, standInViewer, viewerLabels } from '~/server/http/viewer-template';

const real: AuthUser = { userId: 42, eventId: 7, email: 'x@example.org', firstName: 'Åse "Q"', lastName: "<O'Neil>", isOrganiser: true };

/** A page as Astro would render it for `user`, with `nonce` on its script: name in text, in an attribute and in island props. */
function page(user: AuthUser, nonce: string): string {
  const { name, initials } = viewerLabels(user);
  const html = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  const props = html(JSON.stringify({ userId: [0, user.userId], name: [0, name] }));
  return `<script nonce="${nonce}">1</script><button aria-label="Menu for ${html(name)}">${html(initials)}</button>`
    + `<astro-island props="${props}"></astro-island><p>${html(name)}</p>`;
}

describe('viewer templates', () => {
  it('gives the stand-in no real field: a marker id, no e-mail and no organiser role', () => {
    const standIn = standInViewer(real);
    expect(standIn.userId).not.toBe(real.userId);
    expect(standIn).toMatchObject({ eventId: 7, email: '', isOrganiser: false });
    expect(viewerLabels(standIn).name).not.toContain('Åse');
  });

  it('fills a page rendered for the stand-in into the bytes the page has when rendered for the viewer, in text, attributes and island props', () => {
    const template = makeViewerTemplate(page(standInViewer(real), 'abc+/='), 'abc+/=');
    expect(fillViewerTemplate(template, { user: real, nonce: 'n0nce' }).toString()).toBe(page(real, 'n0nce'));
  });

  it('gzips the same page for the viewer from parts deflated when the template was made', () => {
    const template = makeViewerTemplate(page(standInViewer(real), 'abc+/='), 'abc+/=');
    expect(gunzipSync(Buffer.concat(gzipViewerTemplate(template, { user: real, nonce: 'n0nce' }))).toString()).toBe(page(real, 'n0nce'));
  });

  it('names initials as first and last name letters, and a nameless user with a question mark', () => {
    expect(viewerLabels({ firstName: 'ada', lastName: 'lovelace' })).toEqual({ name: 'ada lovelace', initials: 'AL' });
    expect(viewerLabels({ firstName: '', lastName: '' })).toEqual({ name: '', initials: '?' });
  });
});

describe('viewer template markers', () => {
  it('keeps the stand-in id within a 32-bit integer column, and never replaces it inside a longer number', () => {
    const id = standInViewer(real).userId;
    expect(id).toBeLessThanOrEqual(2_147_483_647);
    const template = makeViewerTemplate(`<p data-at="1${id}7">${id}</p>`, 'nonce');
    expect(fillViewerTemplate(template, { user: real, nonce: 'x' }).toString()).toBe(`<p data-at="1${id}7">42</p>`);
  });
});
