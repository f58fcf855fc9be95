import { describe, expect, it } from 'vitest';
import { appNamespaces, i18n } from './i18n';

const englishFiles = Object.keys(import.meta.glob('../locales/en/*.json')).map((file) => file.replace(/^.*\/|\.json$/g, ''));

describe('i18n loading', () => {
  it('knows every namespace: the public ones are bundled, the others are in appNamespaces', () => {
    const bundled = ['common', 'errors', 'auth'];
    expect([...bundled, ...appNamespaces].sort()).toEqual(englishFiles.sort());
  });

  it('has the signed-in screens’ texts once loaded, in French too', async () => {
    await i18n.changeLanguage('fr');
    expect(i18n.t('knowledge.title')).not.toBe('knowledge.title');
    expect(i18n.t('knowledge.title')).not.toBe(i18n.getFixedT('en')('knowledge.title'));
    await i18n.changeLanguage('en');
  });
});
