import type { ReactNode } from 'react';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRICE_RANGES, SORT_OPTIONS, type PriceRange, type ServiceCategoryDto, type SortOption } from '@khidma/contracts';
import { currentLanguage, formatMoney, localized } from '@khidma/web-kit';
import { NS } from '../namespace';
import { VIEW_MODES, type Filters, type ViewMode } from '../lib/filters';
import { SearchBox } from './SearchBox';

/** The value of the "All …" option: no filter. */
const ALL = '';

interface Option<T extends string> {
  value: T;
  label: string;
}

/**
 * A labelled native select: no antd on the catalogue's first paint, and the platform's own keyboard
 * use, screen-reader support and option list (a sheet on phones).
 */
function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Option<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="kc-field">
      <label htmlFor={id} className="kc-label">
        {label}
      </label>
      <select id={id} className="kc-select" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const VIEW_ICONS: Record<ViewMode, ReactNode> = {
  category: <AppstoreOutlined aria-hidden="true" />,
  list: <UnorderedListOutlined aria-hidden="true" />,
};

/** The view switch: a radio group drawn as segments (arrow keys move between them, as for any radios). */
function ViewSwitch({ value, onChange }: { value: ViewMode; onChange: (view: ViewMode) => void }) {
  const { t } = useTranslation(NS);
  return (
    <div className="kc-field">
      <span className="kc-label" id="kc-view-label">
        {t('filters.view')}
      </span>
      <div className="kc-segmented" role="radiogroup" aria-labelledby="kc-view-label">
        {VIEW_MODES.map((view) => (
          <label key={view} className="kc-segment">
            <input type="radio" name="kc-view" value={view} checked={value === view} onChange={() => onChange(view)} />
            {VIEW_ICONS[view]}
            <span>{t(`view.${view}`)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

/** The category in the URL may be a slug or a name (the API accepts both): the dropdown shows the matching entry. */
export function matchCategory(categories: ServiceCategoryDto[], value: string): ServiceCategoryDto | undefined {
  const wanted = value.trim().toLowerCase();
  if (!wanted) return undefined;
  return categories.find((c) => c.slug === wanted || c.name.toLowerCase() === wanted || c.nameAr === value.trim());
}

export function FilterBar({
  filters,
  categories,
  onChange,
}: {
  filters: Filters;
  categories: ServiceCategoryDto[];
  onChange: (patch: Partial<Filters>, options?: { replace?: boolean }) => void;
}) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();

  const priceLabel = (range: PriceRange): string => {
    const [min = '0', max] = range.replace('+', '').split('-');
    return max
      ? t('price.between', { min: formatMoney(Number(min), language), max: formatMoney(Number(max), language) })
      : t('price.above', { min: formatMoney(Number(min), language) });
  };

  const selected = matchCategory(categories, filters.category);
  const categoryOptions = [
    { value: ALL, label: t('filters.allCategories') },
    ...categories.map((c) => ({ value: c.slug, label: localized(language, c.name, c.nameAr) })),
  ];
  // A category the list does not know (or before the categories arrive) is shown as written in the URL.
  if (filters.category && !selected) categoryOptions.push({ value: filters.category, label: filters.category });

  // Refining the words of a search replaces the history entry; starting or clearing one adds an entry.
  const onSearch = (text: string) =>
    onChange({ search: text }, { replace: Boolean(filters.search.trim() && text.trim()) });

  return (
    <section className="kc-filters" aria-label={t('filters.label')}>
      <SearchBox value={filters.search} onSearch={onSearch} />
      <SelectField
        id="kc-category"
        label={t('filters.category')}
        value={selected?.slug ?? (filters.category || ALL)}
        options={categoryOptions}
        onChange={(value) => onChange({ category: value })}
      />
      <SelectField<PriceRange | typeof ALL>
        id="kc-price"
        label={t('filters.price')}
        value={filters.priceRange ?? ALL}
        options={[{ value: ALL, label: t('filters.allPrices') }, ...PRICE_RANGES.map((range) => ({ value: range, label: priceLabel(range) }))]}
        onChange={(value) => onChange({ priceRange: value || undefined })}
      />
      <SelectField<SortOption>
        id="kc-sort"
        label={t('filters.sort')}
        value={filters.sortBy}
        options={SORT_OPTIONS.map((option: SortOption) => ({ value: option, label: t(`sort.${option}`) }))}
        onChange={(value) => onChange({ sortBy: value })}
      />
      {/* Switching the view keeps the page the visitor is on. */}
      <ViewSwitch value={filters.view} onChange={(view) => onChange({ view, page: filters.page })} />
    </section>
  );
}
