// One lint for the whole repository: type-aware TypeScript rules plus the import directions of
// DESIGN.md §3 (ui/lib → features → app on the web; main → http → modules → infrastructure on the server).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/src/db/migrations/**', 'data/**'] },
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
    rules: { '@typescript-eslint/no-unsafe-member-access': 'off', '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/no-unsafe-argument': 'off', '@typescript-eslint/no-unsafe-call': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // Web: ui and lib know nothing of features or the app; a feature knows no other feature.
  restrict(['apps/web/src/components/**', 'apps/web/src/lib/**'], [
    { group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'], message: 'ui and lib must not depend on features or the app (DESIGN §3).' },
  ]),
  ...webFeatures.map((feature) =>
    restrict([`apps/web/src/features/${feature}/**`], [
      { group: ['@/app/*'], message: 'Features must not import the app layer (DESIGN §3).' },
      { group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '../../*/**', `!../../${feature}/**`], message: 'Features do not import each other; compose them in a route of src/app (DESIGN §3).' },
    ]),
  ),
  // Server: arrows point down.
  restrict(['apps/server/src/modules/**'], [
    { group: ['../*/*.repository', '../../modules/*/*.repository'], message: "No module imports another module's repository (DESIGN §3)." },
    { group: ['**/http/app', '**/main'], message: 'Modules must not import the app builder or main.' },
  ]),
  restrict(['apps/server/src/db/**', 'apps/server/src/notifications/**', 'apps/server/src/mail/**', 'apps/server/src/ai/**', 'apps/server/src/jobs/**', 'apps/server/src/credits/**'], [
    { group: ['**/modules/**', '**/http/**', '**/pipeline/**', '**/main'], message: 'Infrastructure must not depend on modules, http or the pipeline (DESIGN §3).' },
  ]),
  restrict(['packages/shared/**'], [{ group: ['@app/*', '**/apps/**'], message: 'The shared package depends on nothing of the apps.' }]),
);
