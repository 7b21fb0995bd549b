import { DomainError } from '~/server/errors';
import { readBounded } from './read-body';

/**
 * The request body parsed as JSON, read to at most `maxBytes` (413 beyond that, whatever the
 * declared length says); malformed JSON is a 400, never a 500.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const body = await readBounded(request, maxBytes);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new DomainError('request.invalid', 'The request body is not valid JSON');
  }
}
