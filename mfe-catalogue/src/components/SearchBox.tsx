import { useEffect, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../namespace';

/** Typing pauses this long before the search is applied, so one query is sent per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search field: local text for instant typing, committed to the URL after a pause. When the URL
 * changes from outside (back/forward, clear filters), the field follows it. A native search input
 * (its own clear button and Escape to clear), so the list needs no antd.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Adjusting state while rendering (not in an effect) keeps the field and the URL in step without a flash.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="kc-field kc-field-search">
      <label htmlFor="kc-search" className="kc-label">
        {t('filters.search')}
      </label>
      <span className="kc-input">
        <SearchOutlined aria-hidden="true" className="kc-input-icon" />
        <input
          id="kc-search"
          type="search"
          value={text}
          placeholder={t('filters.searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          // Enter applies at once, as a search field is expected to.
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(text);
          }}
        />
      </span>
    </div>
  );
}
