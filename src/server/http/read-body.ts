import { DomainError } from '~/server/errors';
import { FORM_BODY } from './route-rules';

/** The body limit each request's route declares (route-rules.ts), set by the router's guards. */
const declaredLimits = new WeakMap<object, number>();

/** The guards (the router's, and the page guard for a page that takes a form): the readers below hold this request's body to the declared limit. */
export function holdBodyTo(request: object, maxBytes: number): void {
  declaredLimits.set(request, maxBytes);
}

/** The declared limit of the request's route; a form's when no route declared one. */
const limitOf = (request: Request): number => declaredLimits.get(request) ?? FORM_BODY;

/**
 * The request body as bytes, refused with 413 once it passes the route's body limit (the stream
 * is cut there, so an oversized upload never sits in memory whole).
 */
export async function readBounded(request: Request): Promise<Buffer> {
  const maxBytes = limitOf(request);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new DomainError('request.too_large', 'The request is too large', { field: 'body', maxBytes });
  if (!request.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new DomainError('request.too_large', 'The request is too large', { field: 'body', maxBytes });
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** JSON object or form fields (urlencoded or multipart text fields), whichever the client sent. */
export async function readFields(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  const body = await readBounded(request);
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch { /* answered below */ }
    throw new DomainError('request.invalid', 'The body must be a JSON object', { field: 'body' });
  }
  if (isForm(type)) return formFields(body, type);
  if (body.length === 0) return {};
  throw new DomainError('request.invalid', 'Send JSON or form fields', { field: 'content-type' });
}

const isForm = (type: string) => type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');

/** The fields of a form body, files included as they are; an unreadable form is a 400. */
async function formFields(body: Buffer, type: string): Promise<Record<string, FormDataEntryValue>> {
  try {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    const fields: Record<string, FormDataEntryValue> = {};
    for (const [name, value] of form.entries()) fields[name] = value;
    return fields;
  } catch {
    throw new DomainError('request.invalid', 'The form body could not be read', { field: 'body' });
  }
}
