import { create } from 'zustand';
import { isRegionCode, type Region, type RegionCode, REGIONS, regionCodeOfLocale } from '@khidma/contracts';

/** localStorage key of the client's explicit region choice (a region code); absent = from the browser's locale. */
export const REGION_STORAGE_KEY = 'client-region';

function storedRegion(): RegionCode | null {
  try {
    const value = localStorage.getItem(REGION_STORAGE_KEY);
    return isRegionCode(value) ? value : null;
  } catch {
    return null;
  }
}

/** The browser's region (`ar-SA` → SA), or null when its locale names none of the marketplace's regions. */
function browserRegion(): Region | null {
  const locales = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const locale of locales) {
    const code = regionCodeOfLocale(locale);
    if (code) return REGIONS[code];
  }
  return null;
}

/** Shared like the Hijri preference (web-kit is a Module Federation singleton). */
const useRegionChoice = create<{ choice: RegionCode | null }>()(() => ({ choice: storedRegion() }));

/** The client's region: their explicit choice, else the browser locale's; null when neither names one. */
export function clientRegion(choice: RegionCode | null = useRegionChoice.getState().choice): Region | null {
  return choice ? REGIONS[choice] : browserRegion();
}

/** Records the client's region (null: back to the browser locale's); it survives reloads. */
export function setClientRegion(code: RegionCode | null): void {
  useRegionChoice.setState({ choice: code });
  try {
    if (code) localStorage.setItem(REGION_STORAGE_KEY, code);
    else localStorage.removeItem(REGION_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode); the choice then lasts for this page only.
  }
}

/** The client's explicit choice (null: none, the browser locale decides); re-renders on a change. */
export const useRegionChoiceCode = (): RegionCode | null => useRegionChoice((state) => state.choice);

/** Re-renders on a change of the choice. */
export function useClientRegion(): Region | null {
  const choice = useRegionChoice((state) => state.choice);
  return clientRegion(choice);
}

/** Reads the stored choice again (a test starting afresh, or storage changed by another tab). */
export function reloadClientRegion(): void {
  useRegionChoice.setState({ choice: storedRegion() });
}
