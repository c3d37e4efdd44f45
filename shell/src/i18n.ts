import { registerNamespace } from '@khidma/web-kit';

/** Frame, landing, chat and short pages. */
registerNamespace('common', (language) => import(`./locales/${language}/common.json`, { with: { type: 'json' } }));
/** Long text pages (About, Contact, legal, help): loaded only when one of them opens. */
registerNamespace('info', (language) => import(`./locales/${language}/info.json`, { with: { type: 'json' } }));
