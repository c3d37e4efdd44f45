import type { ReactNode } from 'react';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import arEG from 'antd/locale/ar_EG';
import enUS from 'antd/locale/en_US';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { TOAST, type Language } from '@khidma/contracts';
import { directionOf, i18n, isLanguage } from './i18n.js';
import './kit.css';

const ANTD_LOCALES = { en: enUS, ar: arEG } as const;

/** Brand tokens: a deep teal reads as trustworthy and keeps AA contrast on white. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorLink: '#0f766e',
    colorInfo: '#0f766e',
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', 'Noto Sans', Tahoma, Arial, sans-serif",
  },
};

const toastConfig = { maxCount: TOAST.maxCount, duration: TOAST.durationMs / 1000 };

function Themed({ children }: { children: ReactNode }) {
  // Subscribes to language changes so direction and antd locale follow the switcher.
  const { i18n: instance } = useTranslation();
  const language: Language = isLanguage(instance.language) ? instance.language : 'en';
  return (
    <ConfigProvider direction={directionOf(language)} locale={ANTD_LOCALES[language]} theme={theme}>
      <App message={toastConfig} notification={{ ...toastConfig, placement: 'topRight' }}>
        {children}
      </App>
    </ConfigProvider>
  );
}

/** The providers every page renders inside: shared i18n, antd theme, direction, locale and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Themed>{children}</Themed>
    </I18nextProvider>
  );
}
