import type { ConsoleSpeakerList } from '~/contracts/console-speakers';
import { createRowsStore } from '~/islands/console/rows.store';

/** The speakers page's store (docs/console.md "Speakers"): the list, and every change to it. */
export const speakers = createRowsStore<ConsoleSpeakerList>('/api/console/speakers');
