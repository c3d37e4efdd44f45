import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@khidma/contracts';
import { setLanguage } from './i18n.js';

/** Each language is named in itself, so these labels need no translation. */
const AUTONYMS: Record<Language, string> = { en: 'English', ar: 'العربية' };

/** Language buttons used by the shell header and every remote's dev harness. */
export function LanguageSwitcher({ label }: { label: string }) {
  const { i18n } = useTranslation();
  return (
    <div role="group" aria-label={label} className="kh-lang">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.language === language}
          onClick={() => void setLanguage(language)}
        >
          {AUTONYMS[language]}
        </button>
      ))}
    </div>
  );
}
