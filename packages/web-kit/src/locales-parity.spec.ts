import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** Every frontend app keeps its messages in <app>/src/locales/{en,ar}/<namespace>.json. */
const repo = path.resolve(import.meta.dirname, '../../..');
const APPS = ['shell', 'mfe-catalogue', 'mfe-booking', 'mfe-provider', 'mfe-admin'];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Flattens to key paths; arrays contribute their indices so lists must match in length too. */
function keyPaths(value: Json, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

const read = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;

describe.each(APPS)('%s locales', (app) => {
  const dir = path.join(repo, app, 'src/locales');

  it('has English and Arabic folders with the same namespace files', () => {
    expect(existsSync(path.join(dir, 'en'))).toBe(true);
    expect(readdirSync(path.join(dir, 'ar')).sort()).toEqual(readdirSync(path.join(dir, 'en')).sort());
  });

  const files = existsSync(path.join(dir, 'en')) ? readdirSync(path.join(dir, 'en')) : [];
  it.each(files)('%s has the same keys in en and ar, none empty', (file) => {
    const en = read(path.join(dir, 'en', file));
    const ar = read(path.join(dir, 'ar', file));
    const enKeys = new Set(keyPaths(en));
    const arKeys = new Set(keyPaths(ar));
    expect({ missingInArabic: [...enKeys].filter((k) => !arKeys.has(k)) }).toEqual({ missingInArabic: [] });
    expect({ missingInEnglish: [...arKeys].filter((k) => !enKeys.has(k)) }).toEqual({ missingInEnglish: [] });
    const empty = (value: Json): boolean =>
      typeof value === 'string' ? value.trim() === '' : Array.isArray(value) ? value.some(empty) : value !== null && typeof value === 'object' ? Object.values(value).some(empty) : false;
    expect(empty(en) || empty(ar)).toBe(false);
  });
});
