import * as v from 'valibot';

/** A category as clients see it (docs/product.md §3: categoryType 0 sponsor, 1 agenda, 2 speaker). */
export interface Category {
  id: number;
  name: string;
  categoryType: number;
}

/** Query of GET publicCategories: an optional type narrows the list. */
export const PublicCategoriesQuerySchema = v.object({
  type: v.optional(v.pipe(v.string(), v.regex(/^[012]$/, 'must be 0, 1 or 2'), v.transform(Number))),
});
