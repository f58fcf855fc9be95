import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The heavy tests (`npm run test:heavy`, DESIGN §9), apart from `npm test`: their files end in
 * `.heavy.ts`, which the server's own config does not include. One file at a time, on PostgreSQL.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['test/heavy/**/*.heavy.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
