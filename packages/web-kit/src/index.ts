export { apiFetch, ApiError, API_BASE, type ApiRequestInit } from './api.js';
export { useSession, refreshSession, restoreSession, type SessionState, type SessionStatus } from './session.js';
export { showToast, type Toast, type ToastType } from './toast.js';
export { Toaster } from './Toaster.js';
export {
  i18n,
  initI18n,
  registerNamespace,
  setLanguage,
  storedLanguage,
  currentLanguage,
  directionOf,
  isLanguage,
  type NamespaceLoader,
} from './i18n.js';
export { AppProviders, WithAntd } from './AppProviders.js';
export { formatMoney, formatNumber, formatDate, localeOf } from './format.js';
export { LanguageSwitcher } from './LanguageSwitcher.js';
export { PageHeader } from './PageHeader.js';
export { Spinner } from './Spinner.js';
export { DevHarness, type HarnessRoute } from './DevHarness.js';
export { CategoryGlyph } from './CategoryGlyph.js';
