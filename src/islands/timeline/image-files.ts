import { TIMELINE_IMAGE_MAX_BYTES, TIMELINE_MAX_IMAGES } from '~/contracts/timeline';

/** docs/product.md §5: the image types a post or comment takes (bmp is converted to png before upload: the server stores png, jpeg, webp, gif). */
export const ACCEPTED_TYPES = ['image/png', 'image/gif', 'image/bmp', 'image/jpeg', 'image/webp'];

export type PickProblem = 'tooMany' | 'notImage' | 'tooLarge';

/**
 * Whether files may join the `held` ones: at most 8 at once, images of the docs/product.md §5 types only,
 * 10 MB each. Answers the first problem, or null when all may go.
 */
export function checkPicked(held: number, added: readonly File[]): PickProblem | null {
  if (added.some((file) => !ACCEPTED_TYPES.includes(file.type))) return 'notImage';
  if (held + added.length > TIMELINE_MAX_IMAGES) return 'tooMany';
  if (added.some((file) => file.size > TIMELINE_IMAGE_MAX_BYTES)) return 'tooLarge';
  return null;
}

/** What is uploaded for a picked file: the file itself, or a bmp drawn again as png. */
export async function uploadable(file: File): Promise<Blob> {
  if (file.type !== 'image/bmp') return file;
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  return new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob ?? file), 'image/png'));
}
