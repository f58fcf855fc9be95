import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * Not part of the test run: `npm run build && npm run screenshots -w e2e` drives the built app
 * (same global setup as the suite: the app, Dovecot and an SMTP server) and writes the help guide's
 * step illustrations to apps/web/public/help-guide/{en,fr}/step-N.webp and step-N-640.webp.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  globalSetup: '../global-setup.ts',
  retries: 0,
  timeout: 180_000,
  use: { ...base.use, viewport: { width: 1000, height: 625 }, deviceScaleFactor: 1, colorScheme: 'light' },
  outputDir: '../test-results/screenshots',
});
