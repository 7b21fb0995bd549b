import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import nb from '../../../../locales/nb.json' with { type: 'json' };
import { failureText } from '~/islands/console/control-failure';
import { createT } from '~/lib/translate';

const t = createT(en);

describe('failureText: what a refused console call says beside its control', () => {
  it('names the input a 400 refused, in the event\'s language', () => {
    expect(failureText({ status: 400, code: 'console.invalid', field: 'url' }, t)).toBe('Not accepted: check the stream address.');
    expect(failureText({ status: 400, code: 'console.invalid', field: 'holdingImageUrl' }, createT(nb))).toBe('Ikke godtatt: sjekk bildeadressen.');
  });

  it('shows a field it has no name for as the server named it', () => {
    expect(failureText({ status: 400, code: 'console.invalid', field: 'colour' }, t)).toBe('Not accepted: check colour.');
  });

  it('says what to do for each refusal: signed out, not allowed, gone, too fast, busy, no answer', () => {
    const says = (status: number) => failureText({ status, code: 'x.y' }, t);
    expect([401, 403, 404, 422, 429, 503, 0].map(says)).toEqual([
      en.console.errors.signedOut, en.console.errors.forbidden, en.console.errors.notFound, en.console.errors.conflict,
      en.console.errors.tooFast, en.console.errors.busy, en.console.errors.offline,
    ]);
    expect(says(500)).toBe(en.console.errors.failed);
  });
});
