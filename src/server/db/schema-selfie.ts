import type { Generated } from 'kysely';

/** Selfie overlays from the event file and the selfies attendees saved (migration 0080, docs/selfie.md). */

export interface SelfieOverlayTable {
  id: Generated<number>;
  event_id: number;
  key: string;
  name: string;
  image_url: string;
  position: Generated<number>;
}

export interface SelfieTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  image_url: string;
  overlay_id: number | null;
  timeline_id: number | null;
  created_at: string;
}
