import type { Platform } from '~/contracts/event-settings';
import type { SavedSelfie, SelfieOverlay } from '~/contracts/selfie';
import { memberJson, memberUploadForm, type UploadAnswer } from '~/islands/http/api.client';

/** docs/product.md §7 GET getAllSelfieOverlays. */
export const fetchOverlays = (eventId: number): Promise<SelfieOverlay[]> => memberJson(eventId, 'getAllSelfieOverlays');

export interface SelfieUpload {
  image: Blob;
  overlayId: number | null;
  postToTimeline: boolean;
  message: string;
  platform: Platform;
}

/** docs/product.md §7 POST uploadSelfieImage (multipart `image`), with upload progress. */
export function uploadSelfie(eventId: number, upload: SelfieUpload, onProgress: (percent: number) => void): Promise<UploadAnswer & { body: SavedSelfie | { error?: string } | null }> {
  const form = new FormData();
  form.append('image', upload.image, 'selfie.jpg');
  if (upload.overlayId !== null) form.append('overlayId', String(upload.overlayId));
  form.append('postToTimeline', upload.postToTimeline ? '1' : '0');
  form.append('message', upload.message);
  form.append('platform', upload.platform);
  return memberUploadForm(eventId, 'uploadSelfieImage', form, onProgress) as Promise<UploadAnswer & { body: SavedSelfie | { error?: string } | null }>;
}
