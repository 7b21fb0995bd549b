import { DomainError } from '~/server/errors';

/** The fields of a form-encoded or multipart body as strings; anything else is a 400. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) {
    throw new DomainError('request.invalid', 'Send the fields form-encoded (application/x-www-form-urlencoded)', { field: 'content-type' });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new DomainError('request.invalid', 'The form body could not be read', { field: 'body' });
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
  return fields;
}
