import type { Db } from '~/server/db/database';

export interface CategoryRow {
  id: number;
  name: string;
  categoryType: number;
}

/** The only place category rows are read. */
export function createCategoryRepository(db: Db) {
  const { kysely } = db;
  return {
    /** Public categories of an event, optionally of one type, in their configured order. */
    async findPublic(eventId: number, type?: number): Promise<CategoryRow[]> {
      let query = kysely.selectFrom('categories')
        .select(['id', 'name', 'category_type'])
        .where('event_id', '=', eventId)
        .where('is_public', '=', true);
      if (type !== undefined) query = query.where('category_type', '=', type);
      const rows = await query.orderBy('category_type').orderBy('position').orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, name: r.name, categoryType: r.category_type }));
    },
  };
}

export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
