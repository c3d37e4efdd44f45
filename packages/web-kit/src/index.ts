export { apiFetch, apiBlob, authorizedFetch, ApiError, API_BASE, type ApiRequestInit } from './api.js';
export { useApiImage } from './useApiImage.js';
export { useSession, refreshSession, restoreSession, type SessionState, type SessionStatus } from './session.js';
export { useLoad, useApi, type LoadState, type Loaded } from './useLoad.js';
export { localized, isolate } from './localize.js';
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
export * from './router.js';
// Pages, e-mails and the assistant write money with the one formatter of the contracts.
export { formatMoney, type MoneyStyle } from '@khidma/contracts';
export {
  formatNumber,
  formatDate,
  formatCalendarDate,
  formatHijriDate,
  formatRelativeTime,
  type DateFormatOptions,
} from './format.js';
export { HIJRI_STORAGE_KEY, hijriDefault, showsHijri, setShowHijri, reloadHijriChoice, useShowHijri } from './hijri.js';
export { useDateFormat, type DateFormat } from './useDateFormat.js';
export { HijriSwitch } from './HijriSwitch.js';
export { LanguageSwitcher } from './LanguageSwitcher.js';
export { PageHeader } from './PageHeader.js';
export { usePageMeta } from './page-meta.js';
export { Spinner } from './Spinner.js';
export { DevHarness, type HarnessRoute } from './DevHarness.js';
export { CategoryGlyph } from './CategoryGlyph.js';
export { StarRow } from './StarRow.js';
export {
  useNotifications,
  useNotificationSync,
  startNotificationSync,
  onConversationChanged,
  type ConversationListener,
  refreshNotifications,
  loadOlderNotifications,
  markNotificationRead,
  markAllNotificationsRead,
  badgeText,
  NOTIFICATION_PATHS,
  type NotificationsState,
} from './notifications/index.js';
export { REGION_STORAGE_KEY, clientRegion, reloadClientRegion, setClientRegion, useClientRegion, useRegionChoiceCode } from './region.js';
export { RegionSelect } from './RegionSelect.js';
