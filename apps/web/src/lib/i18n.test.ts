import { describe, expect, it } from 'vitest';
import { appNamespaces, i18n } from './i18n';
import { firstScreenNamespaces, laterNamespaces, publicNamespaces } from './i18n-namespaces';

const englishFiles = Object.keys(import.meta.glob('../locales/en/*.json')).map((file) => file.replace(/^.*\/|\.json$/g, ''));

describe('i18n loading', () => {
  it('knows every namespace once: the public ones are bundled, the others are in appNamespaces', () => {
    expect([...publicNamespaces, ...appNamespaces].sort()).toEqual(englishFiles.sort());
    expect(new Set([...publicNamespaces, ...firstScreenNamespaces, ...laterNamespaces]).size).toBe(englishFiles.length);
  });

  it('has no text in French or Spanish that English lacks', () => {
    const files = Object.keys(import.meta.glob('../locales/*/*.json')).map((file) => file.replace(/^.*\/|\.json$/g, ''));
    expect(new Set(files)).toEqual(new Set(englishFiles));
  });

  it('has the signed-in screens’ texts once loaded, in French too', async () => {
    await i18n.changeLanguage('fr');
    expect(i18n.t('knowledge.title')).not.toBe('knowledge.title');
    expect(i18n.t('knowledge.title')).not.toBe(i18n.getFixedT('en')('knowledge.title'));
    await i18n.changeLanguage('en');
  });
});
