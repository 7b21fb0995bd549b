import {
  AliasNode, ColumnNode, IdentifierNode, ReferenceNode, SelectQueryNode,
  type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryId, type QueryResult,
  type RootOperationNode, type SelectType, type UnknownRow,
} from 'kysely';
import type { Database } from './schema';

/** Every column the schema types as boolean, `table.column`-free: the names a result row carries. */
type BooleanColumn = {
  [T in keyof Database]: { [C in keyof Database[T]]: SelectType<Database[T][C]> extends boolean ? C : never }[keyof Database[T]]
}[keyof Database];

// A Record, so the compiler keeps this list equal to the schema's boolean columns both ways.
const LISTED: Record<BooleanColumn, true> = {
  is_active: true, is_registration_open: true, is_two_factor: true, live_lobby: true, live_stage: true, live_web_app: true,
  is_hidden: true, is_organiser: true, is_public: true, is_title_hidden: true, is_public_results: true,
  is_comments_enabled: true, is_open: true, is_template: true, is_correct: true, is_promo: true, is_support: true,
  is_selected: true, include_hidden: true, has_lead_form: true, holding_shown: true,
};
const BOOLEAN_COLUMNS = new Set<string>(Object.keys(LISTED));

/** Output names of the query's selections (or `returning`) that are a boolean column under an alias. */
function aliasesOf(node: RootOperationNode): string[] | undefined {
  const selections = SelectQueryNode.is(node) ? node.selections : 'returning' in node ? node.returning?.selections : undefined;
  let aliases: string[] | undefined;
  for (const { selection } of selections ?? []) {
    if (!AliasNode.is(selection) || !IdentifierNode.is(selection.alias) || !ReferenceNode.is(selection.node)) continue;
    const { column } = selection.node;
    if (ColumnNode.is(column) && BOOLEAN_COLUMNS.has(column.column.name)) (aliases ??= []).push(selection.alias.name);
  }
  return aliases;
}

/** Turns the 0/1 of the boolean columns (and `aliases`) in `rows` into booleans, in place; null stays null. */
function toBooleans(rows: UnknownRow[], aliases: readonly string[] | undefined): void {
  const first = rows[0];
  if (!first) return;
  const keys: string[] = [];
  for (const key in first) if (BOOLEAN_COLUMNS.has(key) || aliases?.includes(key)) keys.push(key);
  if (keys.length === 0) return;
  for (const row of rows) {
    for (const key of keys) {
      const value = row[key];
      if (typeof value === 'number') row[key] = value !== 0;
    }
  }
}

/**
 * Both engines store booleans as integers 0/1 (schema.ts); both drivers bind `true`/`false` as 1/0
 * and this plugin reads them back as booleans, so repositories get what the schema types say. A
 * result column is converted when it is a boolean column, under its own name or an alias
 * (`users.is_hidden as author_hidden`); a raw `sql` expression only under a boolean column's name.
 */
class BooleanColumnsPlugin implements KyselyPlugin {
  // Per compiled query (prepared ones run many times), keyed by kysely's query id object.
  readonly #aliases = new WeakMap<QueryId, string[]>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const aliases = aliasesOf(node);
    if (aliases) this.#aliases.set(queryId, aliases);
    return node;
  }

  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    toBooleans(result.rows, this.#aliases.get(queryId));
    return Promise.resolve(result);
  }
}

export const booleanColumnsPlugin: KyselyPlugin = new BooleanColumnsPlugin();
