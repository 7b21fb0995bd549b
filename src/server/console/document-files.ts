import { DOCUMENT_MAX_BYTES } from '~/contracts/console-content';
import { DomainError } from '~/server/errors';
import { storeUpload } from '~/server/shared/asset-store';
import { extensionOf, reencodeImage, sniffImage } from '~/server/shared/image';
import { invalid } from './console-input';
import type { Organiser } from './organiser-access';

/** A document's type as the event file names it (docs/event-files.md) and the extension it is stored under. */
export interface DocumentFile {
  docType: 'pdf' | 'image' | 'office';
  extension: string;
}

/** A picture shown as a document: large enough to read a programme or a map on a screen. */
const DOCUMENT_IMAGE = { maxSide: 2400, maxPixels: 40_000_000 };

const OFFICE = [['word/', 'docx'], ['xl/', 'xlsx'], ['ppt/', 'pptx']] as const;

export const documentTooLarge = (): DomainError =>
  new DomainError('console.too_large', `file: the document is larger than ${DOCUMENT_MAX_BYTES / 1_048_576} MB`, { field: 'file' });

/**
 * What a document's bytes are, read from the bytes only (docs/security.md "Uploads"): a PDF
 * (`%PDF-`), a picture, or a Word, Excel or PowerPoint file (a zip holding `[Content_Types].xml`
 * and the application's folder); anything else is undefined.
 */
export function sniffDocument(bytes: Buffer): DocumentFile | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { docType: 'pdf', extension: 'pdf' };
  const image = sniffImage(bytes);
  if (image) return { docType: 'image', extension: extensionOf(image) };
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004') return undefined;
  const names = bytes.toString('latin1');
  if (!names.includes('[Content_Types].xml')) return undefined;
  const office = OFFICE.find(([folder]) => names.includes(folder));
  return office ? { docType: 'office', extension: office[1] } : undefined;
}

/**
 * Stores a document's file under the upload rules: its type read from the bytes, a picture
 * decoded and encoded again (no metadata survives), a random name. Answers its /api/asset/
 * address and type; refuses anything else with a 400 naming `file`.
 */
export async function storeDocumentFile(dataDir: string, organiser: Organiser, bytes: Buffer): Promise<{ url: string; docType: DocumentFile['docType'] }> {
  if (bytes.length === 0) throw invalid('file', 'choose a file');
  if (bytes.length > DOCUMENT_MAX_BYTES) throw documentTooLarge();
  const kind = sniffDocument(bytes);
  if (!kind) throw invalid('file', 'must be a PDF, a picture (png, jpg, webp, gif) or a Word, Excel or PowerPoint file');
  let stored = bytes;
  if (kind.docType === 'image') {
    const clean = await reencodeImage(bytes, sniffImage(bytes)!, { ...DOCUMENT_IMAGE, owner: `${organiser.eventId}:${organiser.userId}` });
    if ('problem' in clean) throw invalid('file', clean.problem === 'too_many_pixels' ? 'the picture has too many pixels: at most 40 megapixels' : 'the picture cannot be read');
    stored = clean.bytes;
  }
  return { url: await storeUpload(dataDir, organiser.eventId, kind.extension, stored), docType: kind.docType };
}
