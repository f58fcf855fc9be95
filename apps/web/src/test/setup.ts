import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18n, loadAppNamespaces } from '@/lib/i18n';

// findBy… and waitFor wait up to 5 s, not 1: on a loaded machine a lazy route or a mocked answer can
// take longer than a second to render; a missing element still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await loadAppNamespaces();
  await i18n.loadLanguages(['fr', 'es']);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
