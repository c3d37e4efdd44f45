import type { ReactNode } from 'react';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import arEG from 'antd/locale/ar_EG';
import enUS from 'antd/locale/en_US';
import { useTranslation } from 'react-i18next';
import { TOAST } from '@khidma/contracts';
import { directionOf, languageOf } from './i18n.js';

const ANTD_LOCALES = { en: enUS, ar: arEG } as const;

/** Brand tokens: a deep teal reads as trustworthy and keeps AA contrast on white. */
const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorLink: '#0f766e',
    colorInfo: '#0f766e',
    borderRadius: 8,
    // antd's secondary texts (45% black: "(optional)" marks, descriptions) miss WCAG AA on white.
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    // antd's red (#ff4d4f, 3:1 on white) fails AA for danger buttons' text ("Cancel"); this red is 5.6:1.
    colorError: '#c62828',
    // antd's placeholders (25% black, 1.9:1) fail AA, and a Select's placeholder is its only visible
    // text until a choice is made ("Choose a category"); 60% black is 5.7:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Also in kit.css (.kh-app-text), the same base for screens mounted without antd.
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', 'Noto Sans', Tahoma, Arial, sans-serif",
  },
  components: {
    // An off switch writes its label ("Closed") in white on 25% black (1.9:1); on 55% black it is 4.7:1.
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)' },
    // An empty table's text ("No bookings in this period.") is drawn in the disabled grey (1.9:1).
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};

// Spec §9: one toast at a time, 5 s. Shown below the sticky header (about 61 px), never over its
// controls: at the top it covered the account menu in Arabic, which could not be opened for 5 s.
const toastConfig = { maxCount: TOAST.maxCount, duration: TOAST.durationMs / 1000, top: 76 };

/** antd theme, direction, locale and toasts; follows the shared i18n language. */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <ConfigProvider direction={directionOf(language)} locale={ANTD_LOCALES[language]} theme={theme}>
      <App message={toastConfig} notification={toastConfig}>
        {children}
      </App>
    </ConfigProvider>
  );
}
