import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const languages = [
  { code: 'en', label: 'En', locale: 'en-US' },
  { code: 'fr', label: 'Fr', locale: 'fr-FR' },
] as const;

type Namespaces = Record<string, ResourceKey>;

/** What the public screens (sign-in, sign-up, password) use: English ones are in the main bundle. */
const publicNamespaces = ['common', 'errors', 'auth'];
/** The rest, loaded with the signed-in screens (`loadAppNamespaces`). */
export const appNamespaces = [
  'layout',
  'knowledge',
  'inbox',
  'profile',
  'placeholders',
  'mailSettings',
  'categories',
  'team',
  'billing',
  'agent',
  'prompts',
  'feedback',
  'tutorials',
  'plugins',
  'helpGuide',
];

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

/** Everything else is downloaded when needed, one chunk per language. */
const chunks: Record<string, () => Promise<Namespaces>> = {
  en: () => import('../locales/en').then((m) => m.default),
  fr: () => import('../locales/fr').then((m) => m.default),
  // Spanish is partial (spec 01 §1): the rest falls back to English.
  es: () => import('../locales/es').then((m) => m.default),
};

const loading = new Map<string, Promise<Namespaces>>();
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = chunks[language];
    if (!load) return callback(null, {});
    if (!loading.has(language)) loading.set(language, load());
    loading.get(language)!.then(
      (namespaces) => callback(null, namespaces[namespace] ?? {}),
      (error: Error) => {
        loading.delete(language);
        callback(error, null);
      },
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
export const i18nReady = i18n
  .use(lazyLanguages)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: englishPublic },
    partialBundledLanguages: true,
    ns: publicNamespaces,
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr', 'es'],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      // The cookie also lets the server write system mail in the chosen language.
      caches: ['localStorage', 'cookie'],
    },
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
