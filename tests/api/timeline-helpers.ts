import sharp from 'sharp';
import type { Attendee } from './attendee-factory';
import { call, type TestServer } from './harness';

/** A multipart body as a browser's FormData would send it: the bytes and their content type. */
async function multipart(fields: Record<string, string>, files: Buffer[], fileName: string): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const bytes of files) form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), fileName);
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/** The timeline calls of one event, as an attendee makes them. */
export function timelineCalls(server: TestServer, event: { id: number; host: string }) {
  const path = (name: string) => `/api/liveEvent/${event.id}/${name}`;
  const upload = async (who: Attendee, name: string, fields: Record<string, string>, files: Buffer[], fileName = 'image.png') => {
    const { body, type } = await multipart(fields, files, fileName);
    return call(server, path(name), { host: event.host, method: 'POST', headers: { ...who.auth, 'content-type': type }, body });
  };
  return {
    get: (who: Attendee, name: string) => call(server, path(name), { host: event.host, headers: who.auth }),
    post: (who: Attendee, fields: Record<string, string>, files: Buffer[] = [], fileName?: string) => upload(who, 'addTimelineEntry', fields, files, fileName),
    comment: (who: Attendee, inReplyTo: number, message: string, platform = 'digital') =>
      upload(who, 'addTimelineComment', { inReplyTo: String(inReplyTo), message, platform }, []),
    /** A JSON POST (delete, like, unlike). */
    send: (who: Attendee, name: string, body: unknown) => call(server, path(name), {
      host: event.host, method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(body),
    }),
  };
}

/** A small real image of the format. */
export function pixel(format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A JPEG carrying EXIF with a GPS position, as a phone photo does. */
export function withGps(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Phone 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '10/1 45/1 0/1' } })
    .toBuffer();
}
