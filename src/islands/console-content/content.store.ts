import type { ConsoleContent } from '~/contracts/console-content';
import { createRowsStore } from '~/islands/console/rows.store';

/*
 * The content page's stores (docs/console.md "Content"): both read the one list of pages and
 * documents; each writes its own rows, with POSTs only.
 */
const LIST = '/api/console/content';

export const pages = createRowsStore<ConsoleContent>(`${LIST}/pages`, { list: LIST, postOnly: true });

const documentRows = createRowsStore<ConsoleContent>(`${LIST}/documents`, { list: LIST, postOnly: true });

/** A new document is a multipart upload (its file, name and platforms); an edit sends name and platforms. */
export const documents: typeof documentRows = {
  ...documentRows,
  save: <Row>(id: number | null, input: unknown) => {
    if (id !== null) return documentRows.save<Row>(id, input);
    const { name, platforms, file } = input as { name: string; platforms: string[]; file: File | null };
    const form = new FormData();
    if (file) form.set('file', file);
    form.set('name', name);
    for (const platform of platforms) form.append('platforms', platform);
    return documentRows.post<Row>('', form);
  },
};

/** Replaces a document's file at once; its name, place and sessions stay. */
export function replaceFile<Row>(id: number, file: File) {
  const form = new FormData();
  form.set('file', file);
  return documentRows.post<Row>(`/${id}/file`, form);
}
