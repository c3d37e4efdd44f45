import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRICE_RANGES, SORT_OPTIONS, type PriceRange, type ServiceCategoryDto, type SortOption } from '@khidma/contracts';
import { currentLanguage, formatMoney, localized } from '@khidma/web-kit';
import { NS } from '../namespace';
import type { Filters, ViewMode } from '../lib/filters';
import { SearchBox } from './SearchBox';

/** Select's value for "no filter" (antd needs a real value to show the "All …" option as chosen). */
const ALL = '';

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

  const categoryOptions = [
    { value: ALL, label: t('filters.allCategories') },
    ...categories.map((c) => ({ value: c.slug, label: localized(language, c.name, c.nameAr) })),
  ];
  const selected = matchCategory(categories, filters.category);

  // Refining the words of a search replaces the history entry; starting or clearing one adds an entry.
  const onSearch = (text: string) =>
    onChange({ search: text }, { replace: Boolean(filters.search.trim() && text.trim()) });

  return (
    <section className="kc-filters" aria-label={t('filters.label')}>
      <SearchBox value={filters.search} onSearch={onSearch} />
      <div className="kc-field">
        <label htmlFor="kc-category" className="kc-label">
          {t('filters.category')}
        </label>
        <Select
          id="kc-category"
          value={selected?.slug ?? (filters.category || ALL)}
          options={categoryOptions}
          onChange={(value: string) => onChange({ category: value })}
          popupMatchSelectWidth={false}
        />
      </div>
      <div className="kc-field">
        <label htmlFor="kc-price" className="kc-label">
          {t('filters.price')}
        </label>
        <Select
          id="kc-price"
          value={filters.priceRange ?? ALL}
          options={[
            { value: ALL, label: t('filters.allPrices') },
            ...PRICE_RANGES.map((range) => ({ value: range, label: priceLabel(range) })),
          ]}
          onChange={(value: PriceRange | typeof ALL) => onChange({ priceRange: value || undefined })}
        />
      </div>
      <div className="kc-field">
        <label htmlFor="kc-sort" className="kc-label">
          {t('filters.sort')}
        </label>
        <Select
          id="kc-sort"
          value={filters.sortBy}
          options={SORT_OPTIONS.map((option: SortOption) => ({ value: option, label: t(`sort.${option}`) }))}
          onChange={(value: SortOption) => onChange({ sortBy: value })}
        />
      </div>
      <div className="kc-field">
        <span className="kc-label" id="kc-view-label">
          {t('filters.view')}
        </span>
        <Segmented<ViewMode>
          aria-labelledby="kc-view-label"
          value={filters.view}
          // Switching the view keeps the page the visitor is on.
          onChange={(view) => onChange({ view, page: filters.page })}
          options={[
            { value: 'category', label: t('view.category'), icon: <AppstoreOutlined aria-hidden="true" /> },
            { value: 'list', label: t('view.list'), icon: <UnorderedListOutlined aria-hidden="true" /> },
          ]}
        />
      </div>
    </section>
  );
}
