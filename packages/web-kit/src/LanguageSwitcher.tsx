import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@khidma/contracts';
import { setLanguage } from './i18n.js';

/** Each language is named in itself, so these labels need no translation. */
const AUTONYMS: Record<Language, string> = { en: 'English', ar: 'العربية' };

/** Language buttons used by the shell header and every remote's dev harness. */
export function LanguageSwitcher({ label }: { label: string }) {
  const { i18n } = useTranslation();
  return (
    <Space.Compact role="group" aria-label={label}>
      {LANGUAGES.map((language) => {
        const active = i18n.language === language;
        return (
          <Button
            key={language}
            size="small"
            type={active ? 'primary' : 'default'}
            aria-pressed={active}
            lang={language}
            onClick={() => void setLanguage(language)}
          >
            {AUTONYMS[language]}
          </Button>
        );
      })}
    </Space.Compact>
  );
}
