import type { Category } from '~/contracts/categories';
import type { CategoryRepository } from './category.repository';

export function createCategoryService({ repository }: { repository: CategoryRepository }) {
  return {
    /** Public categories of an event (docs/product.md §7 publicCategories); `type` 0 sponsor, 1 agenda, 2 speaker. */
    async listPublic(eventId: number, type?: number): Promise<Category[]> {
      return repository.findPublic(eventId, type);
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
