/**
 * Composing a selfie (docs/selfie.md). The photo is cropped to the overlay's proportions (centred,
 * like object-fit: cover, which is what the preview shows) so the overlay covers the picture
 * exactly at any camera resolution; without an overlay the frame is kept whole. The saved picture
 * is never mirrored: only the live preview of a front camera is, as a mirror would be.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

/** The largest centred part of `source` with the proportions of `target`. */
export function coverCrop(source: Size, target: Size): Rect {
  const scale = Math.min(source.width / target.width, source.height / target.height);
  const width = Math.round(target.width * scale);
  const height = Math.round(target.height * scale);
  return { x: Math.round((source.width - width) / 2), y: Math.round((source.height - height) / 2), width, height };
}

/** The picture's size: the crop, scaled down so its longest side is at most `maxSide`. */
export function outputSize(crop: Size, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(crop.width, crop.height));
  return { width: Math.max(1, Math.round(crop.width * scale)), height: Math.max(1, Math.round(crop.height * scale)) };
}

/** Draws the frame of `video` (cropped to the overlay's proportions) and the overlay over it; answers the canvas. */
export function composeSelfie(video: HTMLVideoElement, overlay: HTMLImageElement | null, maxSide: number): HTMLCanvasElement {
  const frame = { width: video.videoWidth, height: video.videoHeight };
  const crop = overlay ? coverCrop(frame, { width: overlay.naturalWidth, height: overlay.naturalHeight }) : { x: 0, y: 0, ...frame };
  const size = outputSize(crop, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d is not available');
  context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
  if (overlay) context.drawImage(overlay, 0, 0, size.width, size.height);
  return canvas;
}

/** The canvas as a JPEG (the photo has no transparency left; a JPEG is a tenth of a PNG). */
export function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no picture'))), 'image/jpeg', 0.9);
  });
}

/** Loads an overlay for drawing; same-origin only, so the canvas stays readable. */
export function loadOverlay(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`overlay ${url} did not load`));
    image.src = url;
  });
}
