import { registerNamespace } from '@khidma/web-kit';

/** This app's i18n namespace, registered with the shared instance when any of its pages loads. */
export const NS = 'admin';
registerNamespace(
  NS,
  (language) => import(`./locales/${language}/admin.json`, { with: { type: 'json' } }),
);
