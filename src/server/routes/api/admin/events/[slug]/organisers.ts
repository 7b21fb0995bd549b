import * as v from 'valibot';
import { InviteSchema, SlugSchema } from '~/contracts/platform-admin';
import { app } from '~/server/app';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { NO_STORE } from '~/server/http/cache-headers';
import { isHttps } from '~/server/http/client';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Makes a person an organiser of the event and mails them a login link to the event's host (LINK_ORIGIN when set). */
export const POST = route({
  method: 'POST', path: '/api/admin/events/:slug/organisers', who: 'admin', sideEffects: true, cache: 'private', bodyLimit: 4 * 1024,
  input: { params: v.object({ slug: SlugSchema }), body: InviteSchema },
  handle: async (context) => {
    const { slug } = context.input.params;
    const origin = linkOriginFor(slug, `${isHttps(context) ? 'https' : 'http'}://${context.input.body.host}`);
    return jsonAnswer(await app().platformAdmin.invite(slug, context.input.body, origin), { headers: NO_STORE });
  },
});
