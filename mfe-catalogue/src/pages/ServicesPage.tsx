import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ServiceCategoryDto, type ServiceListResponse, type ServiceSummaryDto } from '@khidma/contracts';
import { PageHeader, currentLanguage, formatNumber, useApi, localized, useSearchParams } from '@khidma/web-kit';
import { NS } from '../namespace';
import { FilterBar } from '../components/FilterBar';
import { ServiceCard } from '../components/ServiceCard';
import { CardSkeletons, ErrorState, loadErrorKey } from '../components/States';
import { CategoryIcon } from '../components/CategoryIcon';
import { Pager } from '../components/Pager';
import { filtersToParams, hasActiveFilters, parseFilters, servicesPath, type Filters } from '../lib/filters';
import '../catalogue.css';

/**
 * The list renders without antd (light controls of its own), so the shell mounts it bare and the
 * catalogue's first paint does not wait for the antd library (docs/frontend/antd-sharing.md).
 */
export const usesAntd = false;

const NO_CATEGORIES: ServiceCategoryDto[] = [];

interface Group {
  key: string;
  category: ServiceCategoryDto | undefined;
  services: ServiceSummaryDto[];
}

/** Services of one page grouped by category, in the categories' own order; unknown categories go last. */
function groupByCategory(services: ServiceSummaryDto[], categories: ServiceCategoryDto[]): Group[] {
  const groups = new Map<string, Group>();
  for (const category of categories) groups.set(String(category.id), { key: String(category.id), category, services: [] });
  for (const service of services) {
    const key = String(service.categoryId);
    const group = groups.get(key) ?? { key, category: undefined, services: [] };
    group.services.push(service);
    groups.set(key, group);
  }
  return [...groups.values()].filter((g) => g.services.length > 0);
}

function CategoryGroup({ group, leading }: { group: Group; leading: boolean }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const { category } = group;
  const headingId = `kc-group-${group.key}`;
  return (
    <section className="kc-group" aria-labelledby={headingId}>
      <header className="kc-group-header">
        <CategoryIcon icon={category?.icon} color={category?.color} large />
        <div className="kc-group-text">
          <h2 id={headingId}>{category ? localized(language, category.name, category.nameAr) : t('defaults.categoryName')}</h2>
          {category ? <p className="kc-muted">{localized(language, category.description, category.descriptionAr)}</p> : null}
        </div>
        {category ? (
          <span className="kc-badge">{t('group.providers', { providers: formatNumber(category.providerCount, language) })}</span>
        ) : null}
      </header>
      <div className="kc-grid">
        {group.services.map((service, index) => (
          <ServiceCard key={service.id} service={service} category={category} leading={leading && index === 0} />
        ))}
      </div>
    </section>
  );
}

/** Route /services: the catalogue of spec §2 with its filters in the URL (spec §4). */
export default function ServicesPage() {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const { state: categoriesState } = useApi<ServiceCategoryDto[]>('/service-categories');
  const { state, reload } = useApi<ServiceListResponse>(servicesPath(filters));
  const categories = categoriesState.status === 'ready' ? categoriesState.data : NO_CATEGORIES;
  const byId = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);

  // Any filter change starts again at page 1; each change is a history entry so Back restores the previous filters.
  const update = useCallback(
    (patch: Partial<Filters>, options?: { replace?: boolean }) =>
      setParams(filtersToParams({ ...filters, page: 1, ...patch }), { replace: options?.replace ?? false }),
    [filters, setParams],
  );
  const clearFilters = () => update({ category: '', search: '', priceRange: undefined });

  // Groups take their order and headings from the categories: drawn before those arrive, the cards
  // would be re-sorted and grow headings under the reader's eyes (a layout shift of 0.24 on a phone).
  const awaitingGroups =
    state.status === 'ready' && state.data.services.length > 0 && filters.view === 'category' && categoriesState.status === 'loading';

  let results;
  if (state.status === 'loading' || awaitingGroups) {
    results = <CardSkeletons />;
  } else if (state.status === 'error') {
    results = <ErrorState message={t(loadErrorKey(state.error))} onRetry={reload} />;
  } else if (state.data.services.length === 0) {
    results = (
      <div className="kc-state">
        <h2>{t('states.emptyTitle')}</h2>
        <p>{t('states.emptyText')}</p>
        {hasActiveFilters(filters) ? (
          <button type="button" className="kc-btn kc-btn-primary" onClick={clearFilters}>
            {t('states.clearFilters')}
          </button>
        ) : null}
      </div>
    );
  } else {
    const { services, total, limit } = state.data;
    results = (
      <>
        {filters.view === 'category' ? (
          groupByCategory(services, categories).map((group, index) => <CategoryGroup key={group.key} group={group} leading={index === 0} />)
        ) : (
          <div className="kc-grid">
            {services.map((service, index) => (
              <ServiceCard key={service.id} service={service} category={byId.get(service.categoryId)} headingLevel={2} leading={index === 0} />
            ))}
          </div>
        )}
        <Pager
          label={t('pages.label')}
          current={filters.page}
          pageSize={limit}
          total={total}
          hrefOf={(page) => `?${filtersToParams({ ...filters, page }).toString()}`}
          onChange={(page) => {
            update({ page });
            window.scrollTo({ top: 0 });
          }}
        />
      </>
    );
  }

  return (
    <div className="kh-page kc-services">
      <PageHeader title={t('services.title')} subtitle={t('services.subtitle')} />
      <FilterBar filters={filters} categories={categories} onChange={update} />
      <p className="kc-count" role="status">
        {state.status === 'ready'
          ? t(state.data.totalCapped ? 'services.countCapped' : 'services.count', { total: formatNumber(state.data.total, language) })
          : ''}
      </p>
      {results}
    </div>
  );
}
