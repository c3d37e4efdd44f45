import type { Language } from '@khidma/contracts';

const FRAME: Record<Language, { greeting: (name: string) => string; signature: string }> = {
  en: { greeting: (name) => `Hello ${name},`, signature: '— The Khidma team' },
  ar: { greeting: (name) => `مرحبًا ${name}،`, signature: '— فريق خدمة' },
};

/** Every e-mail to a person reads the same way in their language: greeting, paragraphs, signature. */
export function letter(language: Language, name: string, paragraphs: readonly string[]): string {
  const { greeting, signature } = FRAME[language];
  return [greeting(name), ...paragraphs, signature].join('\n\n');
}
