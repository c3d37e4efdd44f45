import { useEffect, useId, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../namespace';

/** Typing pauses this long before the list is asked again: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A labelled search field that reports its text after a pause in typing (Enter reports at once). */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  /** The field's label; "Search" by default. */
  label?: string;
}) {
  const { t } = useTranslation(NS);
  const id = useId();
  const [text, setText] = useState(value);

  useEffect(() => {
    if (text.trim() === value.trim()) return undefined;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="ka-field ka-field-search">
      <label htmlFor={id} className="ka-label">
        {label ?? t('list.search')}
      </label>
      <Input
        id={id}
        type="search"
        value={text}
        allowClear
        placeholder={placeholder}
        prefix={<SearchOutlined aria-hidden="true" />}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => onSearch(text.trim())}
      />
    </div>
  );
}
