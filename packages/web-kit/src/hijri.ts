import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { Language } from '@khidma/contracts';
import { languageOf } from './i18n.js';

/** localStorage key of the user's explicit "Show Hijri dates" choice ('on' / 'off'); absent = the language's default. */
export const HIJRI_STORAGE_KEY = 'show-hijri-dates';

type HijriChoice = boolean | null;

function storedChoice(): HijriChoice {
  try {
    const value = localStorage.getItem(HIJRI_STORAGE_KEY);
    return value === 'on' ? true : value === 'off' ? false : null;
  } catch {
    return null;
  }
}

/**
 * The one preference store (web-kit is a Module Federation singleton, so shell and remotes share it,
 * as they share the language). `choice` is null until the user picks: the default then follows the language.
 */
const useHijriChoice = create<{ choice: HijriChoice }>()(() => ({ choice: storedChoice() }));

/** Gulf users read Hijri dates mostly in Arabic: on by default there, off in English. */
export const hijriDefault = (language: Language): boolean => language === 'ar';

/** Whether Hijri dates are shown in `language`: the user's explicit choice, else the language's default. */
export function showsHijri(language: Language, choice: HijriChoice = useHijriChoice.getState().choice): boolean {
  return choice ?? hijriDefault(language);
}

/** Records the user's explicit choice; it wins over the default in every language and survives reloads. */
export function setShowHijri(on: boolean): void {
  useHijriChoice.setState({ choice: on });
  try {
    localStorage.setItem(HIJRI_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage can be blocked (private mode); the choice then lasts for this page only.
  }
}

/** Reads the stored choice again (a test starting afresh, or storage changed by another tab). */
export function reloadHijriChoice(): void {
  useHijriChoice.setState({ choice: storedChoice() });
}

/** Re-renders on a change of the preference or of the language. */
export function useShowHijri(): boolean {
  const { i18n } = useTranslation();
  const choice = useHijriChoice((state) => state.choice);
  return showsHijri(languageOf(i18n.language), choice);
}
