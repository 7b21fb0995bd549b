import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { AS_SERVER_RENDERED } from '~/islands/ui/use-hydrated';
import { $viewer, loadViewer, type Viewer } from './viewer.store';

/**
 * The viewer for an island: null while it hydrates (the server rendered the page for nobody, so
 * hydration matches even when another island knows the viewer already), and until their profile
 * call answered (read once per page).
 */
export function useViewer(eventId: number): Viewer | null {
  const viewer = useStore($viewer, AS_SERVER_RENDERED);
  useEffect(() => { void loadViewer(eventId); }, [eventId]);
  return viewer;
}
