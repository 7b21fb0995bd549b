import { describe, expect, it } from 'vitest';
import { draftOf, EMPTY_PROMOTION, promotionOf } from '~/islands/console/PromotionFields';

describe('the promotion form', () => {
  it('starts a post from the defaults and a promoted item from its link and platforms, which send back unchanged', () => {
    const post = { isPromo: '0' as const, LinkMode: null, Promolink: null, Promolinktext: null, PlatformDisplayOptions: ['digital' as const, 'webApp' as const] };
    expect(draftOf(post)).toEqual(EMPTY_PROMOTION);
    const promoted = { isPromo: '1' as const, LinkMode: 'BUTTON_LINK_ONLY' as const, Promolink: '/stage?session=2', Promolinktext: 'Watch', PlatformDisplayOptions: ['webApp' as const] };
    const draft = draftOf(promoted);
    expect(draft).toEqual({ linkMode: 'BUTTON_LINK_ONLY', link: '/stage?session=2', linkText: 'Watch', platforms: ['webApp'] });
    expect(promotionOf(draft)).toEqual({ linkMode: 'BUTTON_LINK_ONLY', link: '/stage?session=2', linkText: 'Watch', platforms: ['webApp'] });
    draft.platforms.push('digital');
    expect(promoted.PlatformDisplayOptions).toEqual(['webApp']);
    expect(draftOf({ ...promoted, LinkMode: null, Promolink: null, Promolinktext: null })).toEqual({ linkMode: '', link: '', linkText: '', platforms: ['webApp'] });
  });
});
