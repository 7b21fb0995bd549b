/**
 * A document as docs/product.md §3 names its fields. `Documentfile` is the URL to open or download;
 * `DocumentUrlPreview` an image to show in lists; `uTime` the upload time (ISO-8601 UTC).
 */
export interface EventDocument {
  DocumentID: number;
  Name: string;
  Documentfile: string;
  DocumentUrlPreview: string | null;
  docType: string;
  uTime: string;
  /** Ids of the sessions the document belongs to. */
  sessions: number[];
  PlatformDisplayOptions: string[];
}
