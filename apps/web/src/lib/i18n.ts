import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import enAgent from '@/locales/en/agent.json';
import enAuth from '@/locales/en/auth.json';
import enBilling from '@/locales/en/billing.json';
import enCategories from '@/locales/en/categories.json';
import enCommon from '@/locales/en/common.json';
import enErrors from '@/locales/en/errors.json';
import enFeedback from '@/locales/en/feedback.json';
import enHelpGuide from '@/locales/en/helpGuide.json';
import enInbox from '@/locales/en/inbox.json';
import enKnowledge from '@/locales/en/knowledge.json';
import enLayout from '@/locales/en/layout.json';
import enMailSettings from '@/locales/en/mailSettings.json';
import enPlaceholders from '@/locales/en/placeholders.json';
import enPlugins from '@/locales/en/plugins.json';
import enProfile from '@/locales/en/profile.json';
import enPrompts from '@/locales/en/prompts.json';
import enTeam from '@/locales/en/team.json';
import enTutorials from '@/locales/en/tutorials.json';
import esAuth from '@/locales/es/auth.json';
import esCategories from '@/locales/es/categories.json';
import esCommon from '@/locales/es/common.json';
import esErrors from '@/locales/es/errors.json';
import esMailSettings from '@/locales/es/mailSettings.json';
import esTeam from '@/locales/es/team.json';
import frAgent from '@/locales/fr/agent.json';
import frAuth from '@/locales/fr/auth.json';
import frBilling from '@/locales/fr/billing.json';
import frCategories from '@/locales/fr/categories.json';
import frCommon from '@/locales/fr/common.json';
import frErrors from '@/locales/fr/errors.json';
import frFeedback from '@/locales/fr/feedback.json';
import frHelpGuide from '@/locales/fr/helpGuide.json';
import frInbox from '@/locales/fr/inbox.json';
import frKnowledge from '@/locales/fr/knowledge.json';
import frLayout from '@/locales/fr/layout.json';
import frMailSettings from '@/locales/fr/mailSettings.json';
import frPlaceholders from '@/locales/fr/placeholders.json';
import frPlugins from '@/locales/fr/plugins.json';
import frProfile from '@/locales/fr/profile.json';
import frPrompts from '@/locales/fr/prompts.json';
import frTeam from '@/locales/fr/team.json';
import frTutorials from '@/locales/fr/tutorials.json';

export const languages = [
  { code: 'en', label: 'En', locale: 'en-US' },
  { code: 'fr', label: 'Fr', locale: 'fr-FR' },
] as const;

const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
    layout: enLayout,
    knowledge: enKnowledge,
    inbox: enInbox,
    profile: enProfile,
    placeholders: enPlaceholders,
    mailSettings: enMailSettings,
    categories: enCategories,
    team: enTeam,
    billing: enBilling,
    agent: enAgent,
    prompts: enPrompts,
    feedback: enFeedback,
    tutorials: enTutorials,
    plugins: enPlugins,
    helpGuide: enHelpGuide,
  },
  fr: {
    common: frCommon,
    errors: frErrors,
    auth: frAuth,
    layout: frLayout,
    knowledge: frKnowledge,
    inbox: frInbox,
    profile: frProfile,
    placeholders: frPlaceholders,
    mailSettings: frMailSettings,
    categories: frCategories,
    team: frTeam,
    billing: frBilling,
    agent: frAgent,
    prompts: frPrompts,
    feedback: frFeedback,
    tutorials: frTutorials,
    plugins: frPlugins,
    helpGuide: frHelpGuide,
  },
  // Spanish is partial (spec 01 §1): the rest falls back to English.
  es: {
    common: esCommon,
    errors: esErrors,
    auth: esAuth,
    mailSettings: esMailSettings,
    categories: esCategories,
    team: esTeam,
  },
};

export const i18n = i18next.createInstance();

/**
 * Keys are written `namespace.key` everywhere (the shared schemas' messages are such keys, e.g.
 * 'auth.passwordNotmatch'): with the same '.' as namespace and key separator, i18next reads the
 * first segment as the namespace when it is one of ours.
 */
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: Object.keys(resources.en),
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
