import { atom } from 'nanostores';
import type { UserModuleResult } from '~/contracts/profile';
import { apiFetch, eventApiUrl } from '~/islands/http/api.client';
import { onLogout } from '~/islands/login/session.store';
import { $profile } from '~/islands/profile/profile.store';
import { viewerLabels, type ViewerLabels } from '~/lib/viewer-labels';

/**
 * Who is looking. Pages are the same for every member of an event (docs/http-cache.md), so no
 * page carries the viewer's id or name: islands read them here, from the viewer's own profile
 * call, once per page, after hydration.
 */
export interface Viewer extends ViewerLabels {
  userId: number;
}

export const $viewer = atom<Viewer | null>(null);

const viewerOf = (profile: Pick<UserModuleResult, 'UserID' | 'Firstname' | 'Lastname'>): Viewer =>
  ({ userId: profile.UserID, ...viewerLabels({ firstName: profile.Firstname, lastName: profile.Lastname }) });

// A profile edit renames the avatar at once.
$profile.subscribe((profile) => { if (profile) $viewer.set(viewerOf(profile)); });
onLogout(() => $viewer.set(null));

let reading: Promise<Viewer | null> | undefined;

/** The viewer, read once per page however many islands ask; a failed read is tried again on the next ask. */
export function loadViewer(eventId: number): Promise<Viewer | null> {
  const known = $viewer.get();
  if (known) return Promise.resolve(known);
  reading ??= (async () => {
    const response = await apiFetch(eventApiUrl(eventId, 'getOwnUserInfoFromSession'), { session: eventId }).catch(() => null);
    const body = response?.ok ? ((await response.json().catch(() => null)) as { userModuleResult?: UserModuleResult } | null) : null;
    if (body?.userModuleResult) $viewer.set(viewerOf(body.userModuleResult));
    return $viewer.get();
  })().finally(() => { reading = undefined; });
  return reading;
}
