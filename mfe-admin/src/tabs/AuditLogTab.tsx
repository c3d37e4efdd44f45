import { useCallback, useId, useState } from 'react';
import { Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_AUDIT_ACTIONS, type AdminAuditEntryDto, type PagedResponse } from '@khidma/contracts';
import { localized, useDateFormat } from '@khidma/web-kit';
import { NS } from '../namespace';
import { auditLogPath, type AuditFilters } from '../api';
import { PagedList } from '../components/PagedList';
import { SearchBox } from '../components/SearchBox';
import { StatusBadge } from '../components/StatusBadge';

const TONES: Record<string, 'ok' | 'bad' | undefined> = { approved: 'ok', shown: 'ok', reactivated: 'ok', rejected: 'bad', hidden: 'bad', deactivated: 'bad', decided: 'ok' };

/** A day field (YYYY-MM-DD, the browser's own picker). */
function DayField({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  const id = useId();
  return (
    <div className="ka-field ka-field-day">
      <label htmlFor={id} className="ka-label">
        {label}
      </label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/**
 * Who approved, rejected, hid or showed what, when and why: the admin action audit log, newest
 * first, filtered by action, admin (part of their e-mail), days (in the marketplace's zone) and text.
 */
export default function AuditLogTab() {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const [filters, setFilters] = useState<AuditFilters>({ actor: '', from: '', to: '' });
  const onActor = useCallback((actor: string) => setFilters((f) => ({ ...f, actor })), []);

  const columns = (): TableColumnsType<AdminAuditEntryDto> => [
    {
      key: 'when',
      title: t('audit.when'),
      render: (_, entry) => <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>,
    },
    {
      key: 'actor',
      title: t('audit.actor'),
      // An e-mail reads left to right in both languages.
      render: (_, entry) => <bdi dir="ltr">{entry.actorEmail}</bdi>,
    },
    {
      key: 'action',
      title: t('audit.action'),
      render: (_, entry) => <StatusBadge status={entry.action} tone={TONES[entry.action.split('.')[1]!]} label={t(`audit.actions.${entry.action}`)} />,
    },
    {
      key: 'target',
      title: t('audit.target'),
      render: (_, entry) => {
        const arabic = language === 'ar' && Boolean(entry.summaryAr?.trim());
        return (
          <span className="ka-person">
            <span className="ka-muted">{t(`audit.targets.${entry.targetType}`)}</span>
            {/* "Name: title" in Arabic reads right to left even when the name is Latin (auto would pick LTR from it). */}
            <span className="ka-review-text" dir={arabic ? 'rtl' : 'auto'}>
              {localized(language, entry.summary, entry.summaryAr)}
            </span>
          </span>
        );
      },
    },
    {
      key: 'reason',
      title: t('audit.reason'),
      render: (_, entry) => (entry.reason ? <span className="ka-review-text" dir="auto">{entry.reason}</span> : <span className="ka-muted">{t('audit.noReason')}</span>),
    },
  ];

  return (
    <PagedList<PagedResponse<AdminAuditEntryDto>, AdminAuditEntryDto>
      label={t('tabs.audit')}
      pathFor={(query) => auditLogPath(query, filters)}
      pageOf={(answer) => ({ rows: answer.items, total: answer.total })}
      columns={columns}
      statusFilter={{ options: ADMIN_AUDIT_ACTIONS, label: (action) => t(`audit.actions.${action}`), title: t('audit.action'), allLabel: t('audit.allActions') }}
      filtersKey={filters.actor || filters.from || filters.to ? JSON.stringify(filters) : ''}
      filters={
        <>
          <SearchBox value={filters.actor} onSearch={onActor} label={t('audit.actor')} />
          <DayField label={t('audit.from')} value={filters.from} onChange={(from) => setFilters((f) => ({ ...f, from }))} />
          <DayField label={t('audit.to')} value={filters.to} onChange={(to) => setFilters((f) => ({ ...f, to }))} />
        </>
      }
    />
  );
}
