import * as v from 'valibot';

/**
 * A page's filters from its query string. Unlike the API (which answers 400), a page drops the
 * parameters that fail validation and keeps the rest, so a mangled link still shows the page.
 */
export function lenientQuery<S extends v.ObjectSchema<v.ObjectEntries, undefined>>(schema: S, url: URL): v.InferOutput<S> {
  const input: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (value.trim() !== '' && name in schema.entries) input[name] = value;
  for (let attempt = 0; attempt <= Object.keys(schema.entries).length; attempt++) {
    const result = v.safeParse(schema, input);
    if (result.success) return result.output;
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key === 'string') delete input[key];
    }
  }
  return v.parse(schema, {});
}
