import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export type Dialect = 'sqlite' | 'postgres';

/** A migration written once for both databases; `dialect` covers the few differences. */
export type MigrationFactory = (dialect: Dialect) => Migration;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builders are untyped by design
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column names accumulate per table
type Table = CreateTableBuilder<string, any>;

/** Integer primary key: AUTOINCREMENT on SQLite, an identity column on PostgreSQL. */
export function withId(table: Table, dialect: Dialect): Table {
  return table.addColumn('id', 'integer', (column) =>
    dialect === 'sqlite'
      ? column.primaryKey().autoIncrement()
      : column.primaryKey().generatedByDefaultAsIdentity(),
  );
}

/** A required reference that disappears with its parent row. */
export function withParent(table: Table, column: string, target: string): Table {
  return table.addColumn(column, 'integer', (c) => c.notNull().references(target).onDelete('cascade'));
}

/** The file key that makes imports update in place, unique within the parent. */
export function withKey(table: Table, parentColumn: string, name: string): Table {
  return table
    .addColumn('key', 'text', (c) => c.notNull())
    .addUniqueConstraint(`${name}_key_unique`, [parentColumn, 'key']);
}

export async function indexOn(db: AnyDb, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(`${table}_${columns.join('_')}_idx`).on(table).columns(columns).execute();
}
