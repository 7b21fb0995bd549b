import * as v from 'valibot';
import { LEAD_FIELDS, LeadSchema, type Lead, type LeadField } from '~/contracts/sponsors';

export type LeadValues = Record<LeadField, string>;

export const EMPTY_LEAD: LeadValues = { firstName: '', lastName: '', email: '', company: '', description: '' };

/** Form values from any record of fields (unknown fields ignored, missing ones empty). */
export function leadValues(fields: Record<string, unknown>): LeadValues {
  return Object.fromEntries(LEAD_FIELDS.map((f) => [f, typeof fields[f] === 'string' ? fields[f] : ''])) as LeadValues;
}

/** docs/product.md §5 lead form rules: the valid lead, or every field that breaks a rule. */
export function validateLead(values: LeadValues): { lead: Lead; invalid: [] } | { lead: undefined; invalid: LeadField[] } {
  const result = v.safeParse(LeadSchema, values);
  if (result.success) return { lead: result.output, invalid: [] };
  const invalid = new Set<LeadField>();
  for (const issue of result.issues) {
    const field = v.getDotPath(issue);
    if (field && (LEAD_FIELDS as readonly string[]).includes(field)) invalid.add(field as LeadField);
  }
  return { lead: undefined, invalid: LEAD_FIELDS.filter((f) => invalid.has(f)) };
}
