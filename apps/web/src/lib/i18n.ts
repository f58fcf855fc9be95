import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { firstScreenNamespaces, laterNamespaces, publicNamespaces } from './i18n-namespaces';

export const languages = [
  { code: 'en', label: 'En', locale: 'en-US' },
  { code: 'fr', label: 'Fr', locale: 'fr-FR' },
] as const;

type Namespaces = Record<string, ResourceKey>;

/** The signed-in screens' namespaces, loaded with them (`loadAppNamespaces`). */
export const appNamespaces = [...firstScreenNamespaces, ...laterNamespaces];

/** `{ '../locales/en/auth.json': {...} }` → `{ auth: {...} }`. */
function byNamespace(files: Record<string, ResourceKey>): Namespaces {
  return Object.fromEntries(Object.entries(files).map(([file, content]) => [file.replace(/^.*\/|\.json$/g, ''), content]));
}

const englishPublic = byNamespace(
  import.meta.glob<ResourceKey>(['../locales/en/common.json', '../locales/en/errors.json', '../locales/en/auth.json'], {
    eager: true,
    import: 'default',
  }),
);

/**
 * Every other file is downloaded when needed. vite.config.ts puts them in a few chunks per language
 * (`textGroup`): asking for one namespace downloads its group. Spanish is partial (spec 01 §1): a
 * namespace it lacks falls back to English.
 */
const lazyFiles = import.meta.glob<ResourceKey>(
  ['../locales/*/*.json', '!../locales/en/common.json', '!../locales/en/errors.json', '!../locales/en/auth.json'],
  { import: 'default' },
);

const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyFiles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, null),
    );
  },
};

export const i18n = i18next.createInstance();

/**
 * Keys are written `namespace.key` everywhere (the shared schemas' messages are such keys, e.g.
 * 'auth.passwordNotmatch'): with the same '.' as namespace and key separator, i18next reads the
 * first segment as the namespace when it is one of ours.
 *
 * Settles once the chosen language is loaded: the app renders after it, never with raw keys.
 */
/** Where the interface language comes from, first found first: the link, then the user's last choice, then the browser. */
export const languageDetection = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  // The cookie also lets the server write system mail in the chosen language.
  caches: ['localStorage', 'cookie'],
};

export const i18nReady = i18n
  .use(lazyLanguages)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: englishPublic },
    partialBundledLanguages: true,
    ns: [...publicNamespaces], // a copy: i18next adds the namespaces it loads to this list
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr', 'es'],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    detection: languageDetection,
  });

function syncHtmlLang(lng: string | undefined) {
  if (typeof document !== 'undefined' && lng) document.documentElement.lang = lng;
}
syncHtmlLang(i18n.resolvedLanguage);
i18n.on('languageChanged', () => syncHtmlLang(i18n.resolvedLanguage));

/** The base language in use ('en', 'fr' or 'es'), for API queries and Intl formatting. */
export function currentLanguage(): 'en' | 'fr' | 'es' {
  const lng = i18n.resolvedLanguage;
  return lng === 'fr' || lng === 'es' ? lng : 'en';
}

/** Resolves when the signed-in screens' texts are loaded, in the language in use and in English. */
export function loadAppNamespaces(): Promise<void> {
  return i18n.loadNamespaces(appNamespaces);
}

/** Resolves when the texts of the signed-in layout and of the screens most visits start on are loaded. */
export function loadFirstScreenNamespaces(): Promise<void> {
  return i18n.loadNamespaces(firstScreenNamespaces);
}
