// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';
import layers from './lint/layer-imports.js';

export default tseslint.config(
  { ignores: ['dist/**', '.astro/**', 'node_modules/**', 'data/**', 'public/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'bench/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', performance: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Ambient declarations (App.Locals) can only reference modules through import() types.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Astro components: frontmatter and <script> tags are parsed as TypeScript, without type information
  // (the project service cannot open .astro files); the syntactic rules and the layer rules apply.
  ...astro.configs.recommended,
  {
    files: ['**/*.astro', '**/*.astro/*.ts', '**/*.astro/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Layer rules for every file type; the rules and their reasons are in lint/layers.js.
    plugins: { layers },
    rules: { 'layers/imports': 'error' },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'src/**/*.astro', 'src/**/*.astro/*.ts', 'middleware/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // A call's JSON answer carries its bytes for the router to write in one piece (http/answer-bytes.ts).
    // A handler trusts its route's guard: the caller comes in the call it is given, never checked again.
    files: ['src/server/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.object.name='Response'][callee.property.name='json']",
        message: 'Answer with jsonAnswer (src/server/http/answer-bytes.ts): the router writes its bytes without a stream.',
      }, {
        selector: "MemberExpression[object.property.name='locals'][property.name=/^(user|event|organiser|token)$/]",
        message: 'Read the caller from the call the route hands its handler (call.event, call.user, call.organiser): its guard found them (src/server/http/route-rules.ts).',
      }, {
        selector: "CallExpression[callee.property.name=/^(identify|organiser|authenticate)$/][callee.object.type='MemberExpression']",
        message: 'A handler checks no caller again: declare who may call the route (`who`) and read the caller from the call (src/server/http/route-rules.ts).',
      }, {
        selector: "CallExpression[callee.name=/^(resultsGrants|requireAdminToken)$/]",
        message: 'A handler checks no caller again: the route\'s `who` is checked by its guard (src/server/http/route-guards.ts).',
      }, {
        selector: "CallExpression[callee.name=/^(parseInput|parseQuery|readFields|readBounded|idParam)$/]",
        message: 'A handler parses no input: declare it in the route\'s `input` (params, query, body as valibot schemas) and read `call.input` (src/server/http/route-rules.ts).',
      }],
    },
  },
  {
    // Tests read JSON bodies and build fixtures loosely; the type-safety rules for `any` add noise there.
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
