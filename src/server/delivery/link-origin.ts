import { config } from '~/server/config';

/** The origin for a link to `slug`'s event: LINK_ORIGIN when set, else the request's. */
export function linkOriginFor(slug: string, requestOrigin: string, setting = config().linkOrigin): string {
  return setting ? setting.replaceAll('{event}', slug).replace(/\/+$/, '') : requestOrigin;
}
