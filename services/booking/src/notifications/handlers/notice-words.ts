import { LANGUAGES, type Language, type NotificationText } from '@khidma/contracts';

/** A notice's words as stored: in the recipient's language (the e-mail's too) and in every language. */
export type NoticeWords = NotificationText & { translations: Record<Language, NotificationText> };

/**
 * Renders a notice in every language, with `written` (the recipient's language) as its own words: the
 * app shows the translation of the language it is read in, so switching language switches the notices.
 */
export function noticeWords(written: Language, render: (language: Language) => NotificationText): NoticeWords {
  const translations = Object.fromEntries(LANGUAGES.map((language) => [language, render(language)])) as Record<Language, NotificationText>;
  return { ...translations[written], translations };
}
