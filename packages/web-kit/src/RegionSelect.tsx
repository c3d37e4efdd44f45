import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isRegionCode, REGION_CODES, REGIONS } from '@khidma/contracts';
import { currentLanguage } from './i18n.js';
import { localized } from './localize.js';
import { setClientRegion, useRegionChoiceCode } from './region.js';

/**
 * "Your region": a labelled native select of the marketplace's regions (names in the page's language),
 * first "Automatic" (the browser locale decides). Times on the booking form name the provider's zone
 * when it differs from this region's; the assistant reads "next Friday" in it. Labels come from the caller.
 */
export function RegionSelect({ label, automatic }: { label: string; automatic: string }) {
  const id = useId();
  useTranslation(); // re-renders the names on a change of language
  const language = currentLanguage();
  const choice = useRegionChoiceCode();
  return (
    <span className="kh-region">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={choice ?? ''} onChange={(event) => setClientRegion(isRegionCode(event.target.value) ? event.target.value : null)}>
        <option value="">{automatic}</option>
        {REGION_CODES.map((code) => (
          <option key={code} value={code}>
            {localized(language, REGIONS[code].name, REGIONS[code].nameAr)}
          </option>
        ))}
      </select>
    </span>
  );
}
