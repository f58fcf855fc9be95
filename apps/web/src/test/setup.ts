import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18n, loadAppNamespaces } from '@/lib/i18n';

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
