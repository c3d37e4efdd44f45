import { i18n, initI18n, registerNamespace } from './i18n.js';

registerNamespace('sample', async (language) => {
  if (language === 'ar') throw new Error('Arabic file unavailable');
  return { default: { greeting: 'Hello' } };
});

it('loads a registered namespace on demand and falls back to English when a language fails', async () => {
  localStorage.setItem('preferred-language', 'ar');
  await initI18n('sample');
  expect(document.documentElement.dir).toBe('rtl');
  await i18n.loadNamespaces('sample');
  expect(i18n.t('greeting', { ns: 'sample' })).toBe('Hello');
});
