import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  RTL_LANGUAGES,
  type Language,
} from '@khidma/contracts';

/** Loads one namespace's messages for one language, e.g. `(lng) => import(`./locales/${lng}/x.json`)`. */
export type NamespaceLoader = (language: Language) => Promise<{ default: Record<string, unknown> } | Record<string, unknown>>;

const loaders = new Map<string, NamespaceLoader>();

/** The one i18next instance of the page; shell and remotes reach it through the web-kit singleton. */
export const i18n: I18n = i18next.createInstance();

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const directionOf = (language: Language): 'rtl' | 'ltr' =>
  RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';

/** A language tag as one of ours: anything else (a region tag, nothing yet) is the default. */
export const languageOf = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

export function storedLanguage(): Language {
  try {
    return languageOf(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The current language, narrowed to the product's languages. */
export const currentLanguage = (): Language => languageOf(i18n.language);

function applyLanguage(language: string): void {
  if (!isLanguage(language)) return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be blocked (private mode); the choice then lasts for this page only.
  }
}

/**
 * Registers how an app loads its namespace. Call it at module level of the code that uses the
 * namespace; `useTranslation(ns)` then loads it on demand (English is loaded as the fallback).
 */
export function registerNamespace(namespace: string, loader: NamespaceLoader): void {
  loaders.set(namespace, loader);
}

let initialising: Promise<I18n> | undefined;

/** Initialises the shared instance once (later calls get the same promise). */
export function initI18n(defaultNS = 'common'): Promise<I18n> {
  initialising ??= (async () => {
    i18n.on('languageChanged', applyLanguage);
    await i18n
      .use(
        resourcesToBackend(async (language: string, namespace: string) => {
          const loader = loaders.get(namespace);
          if (!loader || !isLanguage(language)) throw new Error(`No messages for ${namespace}/${language}`);
          const messages = await loader(language);
          return 'default' in messages ? messages.default : messages;
        }),
      )
      .use(initReactI18next)
      .init({
        lng: storedLanguage(),
        supportedLngs: [...LANGUAGES],
        // A language whose file fails to load falls back to English (spec §1).
        fallbackLng: DEFAULT_LANGUAGE,
        ns: loaders.has(defaultNS) ? [defaultNS] : [],
        defaultNS,
        interpolation: { escapeValue: false }, // React escapes already.
        returnNull: false,
      });
    applyLanguage(i18n.language);
    return i18n;
  })();
  return initialising;
}

export async function setLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}
