// Bundles the server into dist/main.mjs, which production runs with plain Node: no TypeScript
// loader at run time (tsx's loader thread alone holds about 30 MB). The workspace packages
// (@app/*, TypeScript sources) are bundled in; every other package is imported from node_modules
// as it is. Files read at run time (migrations, help texts) are found from src/paths.ts.
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;

/** Bare imports stay external, except the workspace's own packages. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

// The PGlite thread (src/db/pglite-client.ts) is loaded from its own file beside main.mjs.
await build({
  entryPoints: { main: path.join(root, 'src/main.ts'), 'pglite-thread': path.join(root, 'src/db/pglite-thread.ts') },
  outdir: path.join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages],
  logLevel: 'warning',
});
