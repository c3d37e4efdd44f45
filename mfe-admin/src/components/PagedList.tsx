import { type ReactNode, useCallback, useId, useState } from 'react';
import { Select, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_LIST_LIMITS } from '@khidma/contracts';
import { currentLanguage, formatNumber, useApi, type Loaded } from '@khidma/web-kit';
import { NS } from '../namespace';
import type { ListQuery } from '../api';
import { SearchBox } from './SearchBox';
import { ErrorState } from './States';

export interface Page<Row> {
  rows: Row[];
  total: number;
}

export interface StatusFilter {
  options: readonly string[];
  label: (status: string) => string;
  /** The field's label and its "all" option, when the filter is not a status (e.g. the audit log's action). */
  title?: string;
  allLabel?: string;
}

interface PagedListProps<Answer, Row> {
  /** The list's URL for a search, page and (optional) status. */
  pathFor: (query: ListQuery) => string;
  /** The rows and total of an answer (the users list names its rows differently from the others). */
  pageOf: (answer: Answer) => Page<Row>;
  /** The columns; `list.update` changes a row in place once the server accepted a change to it. */
  columns: (list: Loaded<Answer>) => TableColumnsType<Row>;
  /** Names the table for screen readers. */
  label: string;
  placeholder?: string;
  statusFilter?: StatusFilter;
  /** More filter fields, held by the tab (its `pathFor` reads them); shown after the status filter. */
  filters?: ReactNode;
  /** Changes whenever those fields do: the list starts again at page 1. Empty when none is set. */
  filtersKey?: string;
}

/**
 * A searchable, paged admin list: the search (debounced) and the status filter start again at page 1,
 * the server pages (`page`, `limit`), and the previous rows stay visible under the spinner while the
 * next page loads.
 */
export function PagedList<Answer, Row extends { id: string }>({
  pathFor,
  pageOf,
  columns,
  label,
  placeholder,
  statusFilter,
  filters,
  filtersKey = '',
}: PagedListProps<Answer, Row>) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const statusId = useId();
  const [query, setQuery] = useState<ListQuery>({
    search: '',
    page: 1,
    limit: ADMIN_LIST_LIMITS.defaultLimit,
    status: '',
  });
  const [appliedFilters, setAppliedFilters] = useState(filtersKey);
  if (appliedFilters !== filtersKey) {
    setAppliedFilters(filtersKey);
    setQuery((q) => ({ ...q, page: 1 }));
  }
  const list = useApi<Answer>(pathFor(query));
  const { state, reload } = list;
  // The last page shown, kept while the next one loads so the table does not collapse.
  const [shown, setShown] = useState<Page<Row> | undefined>();
  const current = state.status === 'ready' ? pageOf(state.data) : undefined;
  if (current && (current.rows !== shown?.rows || current.total !== shown.total)) setShown(current);

  const onSearch = useCallback(
    (search: string) => setQuery((q) => ({ ...q, search, page: 1 })),
    [setQuery],
  );
  const page = current ?? shown;

  return (
    <div className="ka-list">
      <div className="ka-filters">
        <SearchBox value={query.search} onSearch={onSearch} placeholder={placeholder} />
        {statusFilter ? (
          <div className="ka-field">
            <label htmlFor={statusId} className="ka-label">
              {statusFilter.title ?? t('list.status')}
            </label>
            <Select
              id={statusId}
              value={query.status ?? ''}
              onChange={(status: string) => setQuery((q) => ({ ...q, status, page: 1 }))}
              options={[
                { value: '', label: statusFilter.allLabel ?? t('list.allStatuses') },
                ...statusFilter.options.map((status) => ({
                  value: status,
                  label: statusFilter.label(status),
                })),
              ]}
            />
          </div>
        ) : null}
        {filters}
      </div>
      <p className="ka-count" role="status">
        {page && state.status === 'ready'
          ? t('states.count', { total: formatNumber(page.total, language) })
          : ''}
      </p>
      {state.status === 'error' ? (
        <ErrorState onRetry={reload} />
      ) : (
        <div role="region" aria-label={label} aria-busy={state.status === 'loading'} className="ka-table">
          <Table<Row>
            rowKey="id"
            columns={columns(list)}
            dataSource={page?.rows ?? []}
            loading={state.status === 'loading'}
            scroll={{ x: 'max-content' }}
            locale={{
              // Not "nothing to show" under the spinner while the first answer is on its way.
              emptyText:
                state.status === 'loading'
                  ? t('states.loading')
                  : query.search || query.status || filtersKey
                    ? t('states.noResults')
                    : t('states.empty'),
            }}
            pagination={{
              current: query.page,
              pageSize: query.limit,
              total: page?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: (next) => setQuery((q) => ({ ...q, page: next })),
            }}
          />
        </div>
      )}
    </div>
  );
}
