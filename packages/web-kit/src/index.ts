export { apiFetch, ApiError, API_BASE, type ApiRequestInit } from './api.js';
export { useSession, type SessionState, type SessionStatus, type SessionUser } from './session.js';
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
