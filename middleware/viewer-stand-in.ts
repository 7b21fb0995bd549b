import type { Guard } from './chain';
import type { PageCacheLocals } from '~/server/http/page-cache-serve';
import { SAME_PAGE_FOR_EVERY_MEMBER, standInViewer } from '~/server/http/viewer-template';

/**
 * A page the same for every member but for the viewer (viewer-template.ts) is rendered for a
 * stand-in whose id and name are markers; the real user waits in `locals.viewer` for the HTTP
 * cache, which keeps the page as a template and fills the real viewer in (docs/http-cache.md
 * "Pages for members"). Runs after the auth guard, so every check saw the real user.
 */
export const viewerStandIn: Guard = (context, next) => {
  const locals: App.Locals & PageCacheLocals = context.locals;
  const { user } = locals;
  if (user && context.request.method === 'GET' && locals.memberCacheKey !== undefined && SAME_PAGE_FOR_EVERY_MEMBER.has(locals.route ?? '')) {
    locals.viewer = user;
    locals.user = standInViewer(user);
  }
  return next();
};
