// @ts-check
// ESLint rule `layers/imports`: applies the table in ./layers.js to every import, export-from,
// dynamic import() and import() type, whichever file type the parser came from. It resolves
// specifiers itself (`~/` → src/, relative paths) so that one rule sees through both spellings.
import { dirname, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { layerRules } from './layers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CODE_EXTENSION = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** The linted file as a project-relative posix path; a client <script> of an .astro file counts as that file. */
export function projectPath(/** @type {string} */ filename) {
  const path = relative(ROOT, filename).split(sep).join('/');
  if (path.startsWith('..')) return undefined;
  return path.replace(/(\.astro)\/[^/]+$/, '$1');
}

/**
 * What an import specifier points at, seen from `from` (a project path).
 * @returns {import('./layers.js').Target}
 */
export function resolveImport(/** @type {string} */ from, /** @type {string} */ specifier) {
  const bare = specifier.replace(/[?#].*$/, '');
  let path;
  if (bare.startsWith('~/')) path = `src/${bare.slice(2)}`;
  else if (bare.startsWith('./') || bare.startsWith('../') || bare === '.' || bare === '..') path = posix.join(dirname(from), bare);
  else if (bare.startsWith('/')) path = bare.slice(1);
  if (path !== undefined) return { path: path.replace(CODE_EXTENSION, '').replace(/\/$/, '') };
  const [first = '', second = ''] = bare.split('/');
  return { pkg: first.startsWith('@') ? `${first}/${second}` : first };
}

/** @type {import('eslint').Rule.RuleModule} */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer rules of lint/layers.js.' },
    schema: [],
    messages: { forbidden: "'{{specifier}}' is not allowed here: {{reason}} [{{id}}]" },
  },
  create(context) {
    const from = projectPath(context.filename);
    if (!from) return {};
    const rules = layerRules.filter(
      (rule) => rule.from.some((glob) => posix.matchesGlob(from, glob)) && !(rule.except ?? []).some((glob) => posix.matchesGlob(from, glob)),
    );
    if (rules.length === 0) return {};

    /** @param {any} node a string Literal naming a module, or anything else (ignored) */
    function check(node) {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const to = resolveImport(/** @type {string} */ (from), node.value);
      // One report per import: the first rule it breaks is enough to act on.
      const broken = rules.find((rule) => rule.forbids(to, /** @type {string} */ (from)));
      if (broken) context.report({ node, messageId: 'forbidden', data: { specifier: node.value, reason: broken.reason, id: broken.id } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // typescript-eslint nodes (not in ESLint's own types): `import('x').T` and `import x = require('x')`.
      /** @param {any} node */
      TSImportType: (node) => check(node.argument?.literal ?? node.argument),
      /** @param {any} node */
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

/** The plugin registered as `layers` in eslint.config.js. */
export default { meta: { name: 'layers' }, rules: { imports: layerImports } };
