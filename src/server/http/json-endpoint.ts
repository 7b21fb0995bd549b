import { DomainError } from '~/server/errors';

/**
 * The request body parsed as JSON, read to at most `maxBytes` (413 beyond that, whatever the
 * declared length says); malformed JSON is a 400, never a 500.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new DomainError('request.invalid', 'The request body is not valid JSON');
  }
}

function tooLarge(maxBytes: number): DomainError {
  return new DomainError('request.too_large', `The request body is larger than ${Math.round(maxBytes / 1_048_576)} MB`);
}
