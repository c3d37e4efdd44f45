import { ConfigError, loadConfig } from '@khidma/nest-kit';
import { bookingConfigSchema } from './config.js';

describe('booking config', () => {
  it('defaults to port 3002, the embedded profile and Amman time', () => {
    const config = loadConfig(bookingConfigSchema, {});
    expect(config).toMatchObject({
      PORT: 3002,
      SUPPORT_EMAIL: 'support@khidma.test',
      MARKETPLACE_TIMEZONE: 'Asia/Amman',
      PUBLIC_URL: 'http://localhost:3000',
      CATALOGUE_CACHE_MS: 5000,
      SERVICE: { name: 'booking', inlineJobs: true },
    });
  });

  it('runs jobs through Redis when REDIS_URL is set and trims the public URL', () => {
    const config = loadConfig(bookingConfigSchema, { REDIS_URL: 'redis://127.0.0.1:6379', PUBLIC_URL: 'https://khidma.example/' });
    expect(config.SERVICE.inlineJobs).toBe(false);
    expect(config.PUBLIC_URL).toBe('https://khidma.example');
  });

  it('reads a blank CATALOGUE_CACHE_MS as the default, not as 0 (which would switch the cache off)', () => {
    expect(loadConfig(bookingConfigSchema, { CATALOGUE_CACHE_MS: '' }).CATALOGUE_CACHE_MS).toBe(5000);
    expect(loadConfig(bookingConfigSchema, { CATALOGUE_CACHE_MS: '  ' }).CATALOGUE_CACHE_MS).toBe(5000);
    expect(loadConfig(bookingConfigSchema, { CATALOGUE_CACHE_MS: '0' }).CATALOGUE_CACHE_MS).toBe(0);
  });

  it('names each bad variable', () => {
    const load = () => loadConfig(bookingConfigSchema, { MARKETPLACE_TIMEZONE: 'Mars/Olympus', SUPPORT_EMAIL: 'nobody', PORT: '0', CATALOGUE_CACHE_MS: '-1' });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['CATALOGUE_CACHE_MS', 'MARKETPLACE_TIMEZONE', 'PORT', 'SUPPORT_EMAIL']);
    }
  });
});
