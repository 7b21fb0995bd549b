import type { Realtime } from '~/server/realtime/index';
import { isFeatureOnAnywhere } from '~/lib/platform-features';

/**
 * What an import tells open pages: it may change anything, so the event, its agenda and its
 * content. The read models are dropped on every node first, so pages refetch fresh data; content
 * events go out only where some platform shows that content (nobody else refetches it).
 */
export async function publishImportChanges(
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>, features: Parameters<typeof isFeatureOnAnywhere>[0], eventId: number, version: number,
): Promise<void> {
  await realtime.publishDataChange(eventId);
  await realtime.publish(eventId, 'event-change', { version });
  await realtime.publish(eventId, 'agenda-change', {});
  if (isFeatureOnAnywhere(features, 'infoPages')) await realtime.publish(eventId, 'info-page-change', {});
  if (isFeatureOnAnywhere(features, 'documents')) await realtime.publish(eventId, 'document-change', {});
  await realtime.publish(eventId, 'publicGroups-change', {});
  await realtime.publish(eventId, 'timeline-change', {});
}
