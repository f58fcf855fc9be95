/// <reference types="vitest/config" />
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { textGroup } from './src/lib/i18n-namespaces.ts';

/**
 * Writes a .br and a .gz beside every text file of the build, which the server sends as they are
 * (`preCompressed`), so no request pays for compression and the best level is affordable.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt)$/;
  return {
    name: 'precompress',
    apply: 'build',
    // After writing: earlier hooks still see code that later plugins rewrite (Vite's preload helper).
    async writeBundle({ dir }, bundle) {
      for (const file of Object.values(bundle)) {
        if (!compressible.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        if (source.length < 1024) continue;
        const target = path.join(dir!, file.fileName);
        await writeFile(`${target}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${target}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

const nodeModule = (packages: string) => new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`);
/**
 * The icons the signed-out screens or the common chunk's components show: they stay out of the icons
 * chunk, which /signin never loads.
 */
const commonIcons = ['loader-circle', 'mail', 'circle-alert', 'circle-exclamation-point', 'circle-check', 'info', 'search'];

const radixFamily = nodeModule(
  '@radix-ui|@floating-ui|react-remove-scroll|aria-hidden|use-sidecar|use-callback-ref|detect-node-es|get-nonce',
);
/** The app's own dialogs over Radix, which come with it. */
const dialogWrappers = /src[\\/]components[\\/]ui[\\/](alert-dialog|dialog)\.tsx$/;
/**
 * Menus: Radix's menu and what positions it (Floating UI). A dialog needs none of it, so the help
 * guide that opens by itself on a first visit does not wait for it.
 */
const menuModules = nodeModule(
  '@floating-ui|@radix-ui[\\\\/]react-(menu|dropdown-menu|collection|roving-focus|popper|arrow|use-size|direction)',
);
const menuWrappers = /src[\\/]components[\\/]ui[\\/]dropdown-menu\.tsx$/;
const isMenu = (id: string) => menuModules.test(id) || menuWrappers.test(id);
/** Radix's form controls and the app's wrappers: only the settings screens use them, not the layout, the list or the webmail. */
const radixControls = nodeModule('@radix-ui[\\\\/]react-(select|slider|radio-group|switch|popover|tooltip)');
const controlWrappers = /src[\\/]components[\\/]ui[\\/](popover|radio-group|select|slider|switch|tooltip)\.tsx$/;
const isControl = (id: string) => radixControls.test(id) || controlWrappers.test(id);

const commonModules =
  /src[\\/](components[\\/]ui[\\/](alert|badge|form-field|input|search-input|skeleton|table|textarea)|lib[\\/](error-mapper|pagination-range|use-debounced-value|use-list-query))\.tsx?$/;

/**
 * A few chunks rather than one per shared module. Left to itself the bundler split the signed-in
 * screens into 46 scripts of 0.1–28 kB; over HTTP/1.1's six connections each costs a round trip and
 * main-thread work to preload. Grouped, /home loads 9 and /signin 7 (bench/web-budget.ts). The
 * startup code is one chunk; the signed-in screens' libraries come in a few families (the dialogs
 * and menus every signed-in screen has apart from the settings screens' form controls); what the
 * signed-out screens use (a label, six icons, the small shared pieces) stays outside those families,
 * so /signin loads none of them (e2e/specs/web-budget.spec.ts).
 */
function chunkGroups() {
  return [
    // Highest priority first: a group also takes the modules its members import that no group
    // before it claimed, so what is shared must be claimed before the family that would swallow it.
    { name: 'initial', tags: ['$initial' as const], priority: 20 },
    // The texts: a few chunks per language (`textGroup`), e.g. texts-fr-first. (Grouping these
    // dynamically imported files moves rolldown's runtime helpers into a chunk of their own, 1.7 kB.)
    {
      name: (id: string) => {
        const [, language, namespace] = /locales[\\/](\w+)[\\/](\w+)\.json$/.exec(id) ?? [];
        return language && namespace ? `texts-${language}-${textGroup(namespace)}` : null;
      },
      priority: 18,
    },
    {
      name: 'icons',
      test: (id: string) =>
        /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) &&
        !commonIcons.includes(path.basename(id).replace(/\.m?js$/, '')),
      priority: 17,
    },
    { name: 'radix-base', test: nodeModule('@radix-ui[\\\\/](react-label|react-primitive)'), priority: 16 },
    // The small pieces most screens share, the signed-out ones included: nothing here may import a
    // family below, or /signin would load that family too.
    { name: 'common', test: (id: string) => commonModules.test(id) || nodeModule('@tanstack').test(id), priority: 15 },
    // The dialogs, and the layers and focus scopes they share with the menus and form controls.
    {
      name: 'ui-kit',
      test: (id: string) => dialogWrappers.test(id) || (radixFamily.test(id) && !isControl(id) && !isMenu(id)),
      priority: 14,
    },
    // The menus, and the popper the form controls share with them.
    { name: 'menus', test: isMenu, priority: 13 },
    { name: 'ui-controls', test: isControl, priority: 12 },
    { name: 'forms', test: nodeModule('zod|react-hook-form|@hookform'), priority: 10 },
    { name: 'date-picker', test: nodeModule('react-day-picker|date-fns|@date-fns'), priority: 10 },
  ];
}

/**
 * React Router's package exports name its development build only (remix-run/react-router#12532,
 * #14102), which keeps its development warnings in our production bundle. The production build is
 * the same code with those warnings off.
 */
function reactRouterProductionBuild(mode: string) {
  if (mode !== 'production') return [];
  const development = path.dirname(fileURLToPath(import.meta.resolve('react-router')));
  const production = path.join(development, '..', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: [{ find: '@', replacement: '/src' }, ...reactRouterProductionBuild(mode)] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Longer than the 5 s a findBy… may wait (src/test/setup.ts), for loaded machines.
    testTimeout: 20_000,
  },
}));
