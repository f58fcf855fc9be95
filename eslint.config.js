// One lint for the whole repository: type-aware TypeScript rules plus the import directions of
// DESIGN.md §3 (ui/lib → features → app on the web; main → http → modules → infrastructure on the server).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Server folders below the pipeline (infrastructure), and the composition roots (src/*.ts) nothing may import.
const serverInfrastructure = ['access', 'ai', 'credits', 'db', 'mail', 'metrics', 'notifications', 'security'];
const roots = ['main', 'worker', 'api', 'engine-factory'].flatMap((root) => [`../${root}`, `../../${root}`]);
const repositoryRule = {
  group: ['../**/*.repository', './*/**/*.repository'],
  allowTypeImports: true,
  message: "A repository is read only by its own folder's services; go through that folder's service (DESIGN §3).",
};

const engineInternals = {
  group: ['**/ai/local/**', '**/ai/llm/**'],
  message: 'Only engine-factory.ts builds engines; the rest goes through the ports (ai/engine.ts, ai/assistant.ts).',
};

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
// Tests wire layers together on purpose: the server's layer rules are for the product's code.
const layer = (files, patterns, ignores = []) => ({ ...restrict(files, patterns), ignores: ['**/*.test.ts', ...ignores] });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify hooks and React handlers take async functions by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['scripts/**', '*.js'], languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } } },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Web: ui and lib know nothing of features or the app; a feature knows no other feature.
  restrict(
    ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    [
      {
        group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'],
        message: 'ui and lib must not depend on features or the app (DESIGN §3).',
      },
    ],
  ),
  ...webFeatures.map((feature) =>
    restrict(
      [`apps/web/src/features/${feature}/**`],
      [
        { group: ['@/app/*'], message: 'Features must not import the app layer (DESIGN §3).' },
        {
          group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '../../*/**', `!../../${feature}/**`],
          message: 'Features do not import each other; compose them in a route of src/app (DESIGN §3).',
        },
      ],
    ),
  ),
  // Server: arrows point down (docs/architecture.md): the composition roots (src/*.ts) → modules
  // (routes → services → repositories) → pipeline → infrastructure; http/ is a toolkit the routes use.
  // A repository is read only from its own folder (its row types may be imported).
  layer(['apps/server/src/*.ts'], [repositoryRule]),
  layer(
    ['apps/server/src/modules/**'],
    [repositoryRule, engineInternals, { group: roots, message: 'Modules must not import the composition roots (DESIGN §3).' }],
  ),
  layer(
    ['apps/server/src/pipeline/**'],
    [
      repositoryRule,
      engineInternals,
      {
        group: ['**/modules/**', '**/http/**', ...roots],
        message: 'The pipeline must not depend on modules, http or the composition roots (DESIGN §3).',
      },
    ],
  ),
  layer(
    ['apps/server/src/http/**'],
    [
      repositoryRule,
      engineInternals,
      {
        group: ['**/modules/**', '**/pipeline/**', ...roots],
        message:
          'http/ is a toolkit for the routes: it must not depend on modules, the pipeline or the composition roots (DESIGN §3).',
      },
    ],
  ),
  layer(
    serverInfrastructure.map((dir) => `apps/server/src/${dir}/**`),
    [
      repositoryRule,
      {
        group: ['**/modules/**', '**/http/**', '**/pipeline/**', ...roots],
        message: 'Infrastructure must not depend on modules, http, the pipeline or the composition roots (DESIGN §3).',
      },
    ],
  ),
  restrict(
    ['packages/shared/**'],
    [{ group: ['@app/*', '**/apps/**'], message: 'The shared package depends on nothing of the apps.' }],
  ),
);
