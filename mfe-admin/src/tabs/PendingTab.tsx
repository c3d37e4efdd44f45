import { useState, type ReactNode } from 'react';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  Language,
  PendingApprovalsResponse,
  ProviderServiceRequest,
  ServiceCategoryDto,
} from '@khidma/contracts';
import { currentLanguage, formatMoney, formatNumber, isolate, localized, showToast, useApi, useDateFormat } from '@khidma/web-kit';
import type { TFunction } from 'i18next';
import { NS } from '../namespace';
import { decideProvider, decideService } from '../api';
import { serverMessage } from '../lib/errors';
import type { Pending, PendingKind } from '../lib/usePending';
import { DecisionDialog } from '../components/DecisionDialog';
import { DocumentThumb } from '../components/DocumentThumb';
import { EmptyState, ErrorState, LoadingBlock } from '../components/States';
import { StatusBadge } from '../components/StatusBadge';

type Application = PendingApprovalsResponse['providers'][number];
type PendingService = PendingApprovalsResponse['services'][number];

/** The fields a provider proposes (ProviderServiceRequest), in the order a change is listed. */
const REVIEWED_FIELDS = [
  'title',
  'titleAr',
  'categoryId',
  'price',
  'priceType',
  'duration',
  'description',
  'descriptionAr',
] as const satisfies readonly (keyof ProviderServiceRequest)[];
type ReviewedField = (typeof REVIEWED_FIELDS)[number];

/** What the admin decides on: for a change of a live service, the proposal over the live values. */
const proposalOf = (service: PendingService): PendingService =>
  service.pendingRevision ? { ...service, ...service.pendingRevision } : service;

interface Deciding {
  kind: PendingKind;
  id: string;
  name: string;
  approved: boolean;
}

const titleIn = (language: Language, service: Pick<PendingService, 'title' | 'titleAr'>) =>
  localized(language, service.title, service.titleAr);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ka-fact">
      <dt>{label}</dt>
      {/* bdi: a Latin address or name keeps its own order inside the Arabic page. */}
      <dd>
        <bdi>{children}</bdi>
      </dd>
    </div>
  );
}

function DecisionButtons({
  name,
  onDecide,
}: {
  name: string;
  onDecide: (approved: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="ka-actions">
      <Button
        type="primary"
        icon={<CheckOutlined aria-hidden="true" />}
        onClick={() => onDecide(true)}
        aria-label={`${t('pending.approve')}: ${name}`}
      >
        {t('pending.approve')}
      </Button>
      <Button
        danger
        icon={<CloseOutlined aria-hidden="true" />}
        onClick={() => onDecide(false)}
        aria-label={`${t('pending.reject')}: ${name}`}
      >
        {t('pending.reject')}
      </Button>
    </div>
  );
}

function ApplicationCard({
  application,
  onDecide,
}: {
  application: Application;
  onDecide: (approved: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const headingId = `ka-app-${application.id}`;
  return (
    <article className="ka-card ka-review" aria-labelledby={headingId}>
      <header className="ka-card-header">
        <h3 id={headingId}>
          <bdi>{application.businessName}</bdi>
        </h3>
        <time className="ka-muted" dateTime={application.createdAt}>
          {t('pending.submitted', {
            date: formatDate(application.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </time>
      </header>
      <dl className="ka-facts">
        <Field label={t('pending.owner')}>{application.ownerName}</Field>
        <Field label={t('pending.email')}>
          <a href={`mailto:${application.email}`}>{application.email}</a>
        </Field>
        <Field label={t('pending.phone')}>
          <a href={`tel:${application.phone}`} dir="ltr">
            {application.phone}
          </a>
        </Field>
        <Field label={t('pending.address')}>
          {[application.businessAddress, application.city]
            .filter(Boolean)
            .join(language === 'ar' ? '، ' : ', ')}
        </Field>
        <Field label={t('pending.category')}>{t(`categories.${application.businessType}`)}</Field>
        <Field label={t('pending.experience')}>
          {t('pending.experienceYears', { band: application.experience })}
        </Field>
        <Field label={t('pending.license')}>
          {application.licenseNumber ?? t('pending.noLicense')}
        </Field>
        <Field label={t('pending.insurance')}>
          {application.insuranceInfo.trim() || t('pending.noInsurance')}
        </Field>
      </dl>
      <h4 className="ka-subheading">{t('pending.description')}</h4>
      <p className="ka-description">
        <bdi>{application.description}</bdi>
      </p>
      <h4 className="ka-subheading">{t('pending.documents')}</h4>
      {application.documents.length === 0 ? (
        <p className="ka-muted">{t('pending.noDocuments')}</p>
      ) : (
        <div className="ka-docs">
          {application.documents.map((document) => (
            <DocumentThumb key={document.id} document={document} owner={application.businessName} />
          ))}
        </div>
      )}
      <DecisionButtons name={application.businessName} onDecide={onDecide} />
    </article>
  );
}

/** One reviewed field as people read it (amounts, durations, price types and categories by name). */
function fieldValue(
  field: ReviewedField,
  value: string | number,
  language: Language,
  t: TFunction,
  categories: Map<number, ServiceCategoryDto>,
): string {
  switch (field) {
    case 'price':
      return formatMoney(Number(value), language);
    case 'duration':
      return t('pending.duration', { ns: NS, minutes: formatNumber(Number(value), language) });
    case 'priceType':
      return t(`priceTypeNames.${value}`, { ns: NS });
    case 'categoryId': {
      const category = categories.get(Number(value));
      return category ? localized(language, category.name, category.nameAr) : String(value);
    }
    default:
      return String(value);
  }
}

/** A change of a live service: each field the provider changed, live value → proposed value. */
function Changes({
  service,
  categories,
}: {
  service: PendingService;
  categories: Map<number, ServiceCategoryDto>;
}) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const proposed = service.pendingRevision;
  const changed = proposed
    ? REVIEWED_FIELDS.filter((field) => proposed[field] !== service[field])
    : [];
  if (!proposed || changed.length === 0)
    return <p className="ka-muted">{t('pending.changedNoDetail')}</p>;
  return (
    <>
      <h4 className="ka-subheading">{t('pending.whatChanged')}</h4>
      <ul className="ka-changes">
        {changed.map((field) => (
          <li key={field}>
            <span className="ka-change-field">{t(`changes.${field}`)}</span>{' '}
            <del>{fieldValue(field, service[field], language, t, categories)}</del>{' '}
            <span aria-hidden="true" className="ka-flip">
              →
            </span>
            <span className="kh-visually-hidden">{t('pending.changedTo')}</span>{' '}
            <ins>{fieldValue(field, proposed[field], language, t, categories)}</ins>
          </li>
        ))}
      </ul>
    </>
  );
}

function ServiceCard({
  service: live,
  categories,
  onDecide,
}: {
  service: PendingService;
  categories: Map<number, ServiceCategoryDto>;
  onDecide: (approved: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const service = proposalOf(live);
  const headingId = `ka-svc-${service.id}`;
  const title = titleIn(language, service);
  const description = localized(language, service.description, service.descriptionAr);
  return (
    <article className="ka-card ka-review" aria-labelledby={headingId}>
      <header className="ka-card-header">
        <h3 id={headingId}>{title}</h3>
        <StatusBadge
          status="pending"
          tone={service.changed ? 'info' : 'wait'}
          label={t(service.changed ? 'pending.changedService' : 'pending.newService')}
        />
      </header>
      <dl className="ka-facts">
        <Field label={t('pending.provider')}>{service.providerName}</Field>
        <Field label={t('pending.category')}>
          {fieldValue('categoryId', service.categoryId, language, t, categories)}
        </Field>
        <Field label={t('pending.price')}>
          {t(`priceTypes.${service.priceType}`, { price: formatMoney(service.price, language) })}
        </Field>
        <Field label={t('pending.durationLabel')}>
          {t('pending.duration', { minutes: formatNumber(service.duration, language) })}
        </Field>
        <Field label={t('pending.submittedLabel')}>
          <time dateTime={service.createdAt}>
            {formatDate(service.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </Field>
      </dl>
      <p className="ka-description">
        <bdi>{description}</bdi>
      </p>
      {service.changed ? <Changes service={live} categories={categories} /> : null}
      <DecisionButtons name={title} onDecide={onDecide} />
    </article>
  );
}

const NO_CATEGORIES: ServiceCategoryDto[] = [];

/** The review queue of spec §2: provider applications and services, each approved or rejected with an optional reason. */
export default function PendingTab({ pending }: { pending: Pending }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const { state, reload, remove } = pending;
  const categoriesState = useApi<ServiceCategoryDto[]>('/service-categories').state;
  const categories = new Map(
    (categoriesState.status === 'ready' ? categoriesState.data : NO_CATEGORIES).map((c) => [
      c.id,
      c,
    ]),
  );
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [busy, setBusy] = useState(false);

  const decide = async (reason: string) => {
    if (!deciding) return;
    const { kind, id, name, approved } = deciding;
    setBusy(true);
    try {
      const extra = reason ? { reason } : {};
      if (kind === 'providers') await decideProvider({ providerId: id, approved, ...extra });
      else await decideService({ serviceId: id, approved, ...extra });
      remove(kind, id);
      const done =
        kind === 'providers'
          ? approved
            ? 'providerApproved'
            : 'providerRejected'
          : approved
            ? 'serviceApproved'
            : 'serviceRejected';
      showToast('success', t(`pending.${done}`, { name: isolate(name) }));
    } catch (error) {
      const fallback =
        kind === 'providers'
          ? 'providerFailed'
          : approved
            ? 'approveServiceFailed'
            : 'rejectServiceFailed';
      showToast(
        'error',
        `${t('pending.errorTitle')}: ${serverMessage(error, t(`pending.${fallback}`), t)}`,
      );
    } finally {
      setBusy(false);
      setDeciding(null);
    }
  };

  if (state.status === 'loading') return <LoadingBlock rows={6} />;
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  const { providers, services, counts } = state.data;
  return (
    <div className="ka-pending">
      <section aria-labelledby="ka-pending-providers">
        <h2 id="ka-pending-providers">
          {t('pending.providersTitle')}{' '}
          <span className="ka-count-badge">{formatNumber(counts.providers, language)}</span>
        </h2>
        {providers.length === 0 ? (
          <EmptyState>{t('pending.noProviders')}</EmptyState>
        ) : (
          <div className="ka-review-list">
            {providers.map((application) => (
              <ApplicationCard
                key={application.id}
                application={application}
                onDecide={(approved) =>
                  setDeciding({
                    kind: 'providers',
                    id: application.id,
                    name: application.businessName,
                    approved,
                  })
                }
              />
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="ka-pending-services">
        <h2 id="ka-pending-services">
          {t('pending.servicesTitle')}{' '}
          <span className="ka-count-badge">{formatNumber(counts.services, language)}</span>
        </h2>
        {services.length === 0 ? (
          <EmptyState>{t('pending.noServices')}</EmptyState>
        ) : (
          <div className="ka-review-list">
            {services.map((service) => (
              <ServiceCard
                key={service.id}
                service={service}
                categories={categories}
                onDecide={(approved) =>
                  setDeciding({
                    kind: 'services',
                    id: service.id,
                    name: titleIn(language, proposalOf(service)),
                    approved,
                  })
                }
              />
            ))}
          </div>
        )}
      </section>
      <DecisionDialog
        decision={deciding}
        busy={busy}
        onConfirm={(reason) => void decide(reason)}
        onCancel={() => busy || setDeciding(null)}
      />
    </div>
  );
}
