import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appNamespaces, i18n, languageDetection } from './i18n';
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

describe('language detection order', () => {
  const detect = () => {
    const detector = new LanguageDetector();
    detector.init(i18n.services, { ...languageDetection, caches: [] });
    return detector.detect();
  };
  const forget = () => {
    document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  };
  beforeEach(forget);
  afterEach(() => {
    vi.restoreAllMocks();
    forget();
  });

  it('takes the link, then the cookie, then local storage, then session storage, then the browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES']);
    expect([detect()].flat()[0]).toBe('es-ES');
    sessionStorage.setItem('i18nextLng', 'en');
    expect([detect()].flat()[0]).toBe('en');
    localStorage.setItem('i18nextLng', 'fr');
    expect([detect()].flat()[0]).toBe('fr');
    document.cookie = 'i18next=es; path=/';
    expect([detect()].flat()[0]).toBe('es');
    window.history.replaceState(null, '', '/home?lng=fr');
    expect([detect()].flat()[0]).toBe('fr');
  });
});
