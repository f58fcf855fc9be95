/// <reference types="vitest/config" />
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * The public pages' icons (auth layout, alerts, spinner), by file name (CircleAlert's file is
 * circle-exclamation-point), which keep their own chunks.
 */
const publicIcons = ['loader-circle', 'mail', 'circle-exclamation-point', 'circle-check', 'info'];
const signedInIcons = new RegExp(`lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](?!(${publicIcons.join('|')})\\.m?js)`);

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': '/src' } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The signed-in screens' lucide icons in one chunk (~10 kB) rather than one small chunk each:
        // /home asked for 46 scripts, /inbox 47, and on a phone network each request costs a round
        // trip. A group takes its modules' dependencies with it, so React and lucide's own code get
        // groups of their own first (higher priority); the sign-in page's icons stay out, so that its
        // first download carries none of the others (e2e/specs/web-budget.spec.ts).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'lucide', test: /lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/, priority: 20 },
            { name: 'icons', test: signedInIcons, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
