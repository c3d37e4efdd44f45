import { useId, useState, type ReactElement } from 'react';
import { Alert, Button, Checkbox, Input, Radio, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PROMO_RULES,
  type CreatePromoCodeRequest,
  type PromoCodeDto,
  type PromoCodePage,
  type PromoDiscountKind,
  type ServiceCategoryDto,
} from '@khidma/contracts';
import { ApiError, currentLanguage, formatMoney, formatNumber, localized, showToast, useLoad, type Loaded } from '@khidma/web-kit';
import { NS } from '../namespace';
import { createPromoCode, deactivatePromoCode, getCategories, promoCodesPath } from '../api';
import { serverMessage } from '../lib/errors';
import { PagedList } from '../components/PagedList';
import { StatusBadge } from '../components/StatusBadge';

/** The form as typed; empty strings are "not set". */
export interface PromoForm {
  code: string;
  kind: PromoDiscountKind;
  value: string;
  minOrderAmount: string;
  validFrom: string;
  validUntil: string;
  maxRedemptions: string;
  perUserLimit: string;
  firstOrderOnly: boolean;
  categories: string[];
}
export type PromoField = Exclude<keyof PromoForm, 'kind' | 'firstOrderOnly'>;

const EMPTY: PromoForm = {
  code: '',
  kind: 'percent',
  value: '',
  minOrderAmount: '',
  validFrom: '',
  validUntil: '',
  maxRedemptions: '',
  perUserLimit: '',
  firstOrderOnly: false,
  categories: [],
};
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
const WHOLE = /^[1-9]\d{0,6}$/;

/** The form's own checks (the server checks the same and answers per field); keys of `promos.errors`. */
export function promoFormErrors(form: PromoForm): Partial<Record<PromoField, string>> {
  const errors: Partial<Record<PromoField, string>> = {};
  if (!PROMO_RULES.codePattern.test(form.code.trim())) errors.code = 'code';
  if (!AMOUNT.test(form.value.trim()) || Number(form.value) <= 0) errors.value = 'value';
  else if (form.kind === 'percent' && Number(form.value) > PROMO_RULES.percentMax) errors.value = 'percent';
  if (form.minOrderAmount.trim() && !AMOUNT.test(form.minOrderAmount.trim())) errors.minOrderAmount = 'minOrderAmount';
  if (form.validFrom && form.validUntil && form.validFrom > form.validUntil) errors.validUntil = 'validUntil';
  if (form.maxRedemptions.trim() && !WHOLE.test(form.maxRedemptions.trim())) errors.maxRedemptions = 'limit';
  if (form.perUserLimit.trim() && !WHOLE.test(form.perUserLimit.trim())) errors.perUserLimit = 'limit';
  return errors;
}

/** The request for a checked form: unset fields left out, so the server applies "no limit". */
export function promoRequest(form: PromoForm): CreatePromoCodeRequest {
  const optional = (value: string) => (value.trim() ? value.trim() : null);
  const whole = (value: string) => (value.trim() ? Number(value.trim()) : null);
  return {
    code: form.code.trim(),
    kind: form.kind,
    value: form.value.trim(),
    minOrderAmount: optional(form.minOrderAmount),
    validFrom: form.validFrom || null,
    validUntil: form.validUntil || null,
    maxRedemptions: whole(form.maxRedemptions),
    perUserLimit: whole(form.perUserLimit),
    firstOrderOnly: form.firstOrderOnly,
    categories: form.categories,
  };
}

/** The server's per-field refusal (`fields` of a validation_failed answer) as the form's error keys. */
const SERVER_FIELD_ERRORS: Record<string, [PromoField, string]> = {
  code: ['code', 'code'],
  value: ['value', 'value'],
  minOrderAmount: ['minOrderAmount', 'minOrderAmount'],
  validFrom: ['validFrom', 'day'],
  validUntil: ['validUntil', 'validUntil'],
  maxRedemptions: ['maxRedemptions', 'limit'],
  perUserLimit: ['perUserLimit', 'limit'],
  categories: ['categories', 'categories'],
};

function FormField({ label, error, hint, children }: { label: string; error?: string | null; hint?: string; children: ReactElement<Record<string, unknown>> }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = { ...children, props: { ...children.props, id, 'aria-invalid': !!error, 'aria-describedby': describedBy } };
  return (
    <div className="ka-field ka-promo-field">
      <label htmlFor={id} className="ka-label">
        {label}
      </label>
      {control}
      {hint ? (
        <span id={hintId} className="ka-muted ka-small">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="ka-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The new-code form: checked as typed, then by the server; a taken code is said at the field. */
function NewPromoCode({ categories, onCreated }: { categories: Loaded<ServiceCategoryDto[]>; onCreated: (code: PromoCodeDto) => void }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const [form, setForm] = useState<PromoForm>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<PromoField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = { ...(checked ? promoFormErrors(form) : {}), ...serverErrors };
  const message = (field: PromoField) => (errors[field] ? t(`promos.errors.${errors[field]}`, { max: PROMO_RULES.percentMax }) : null);
  const set = <K extends keyof PromoForm>(name: K, value: PromoForm[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
    setFailure(null);
  };

  const submit = async () => {
    setChecked(true);
    setFailure(null);
    if (Object.keys(promoFormErrors(form)).length > 0) return;
    setBusy(true);
    try {
      const created = await createPromoCode(promoRequest(form));
      showToast('success', t('promos.created', { code: created.code }));
      setForm(EMPTY);
      setChecked(false);
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'promo_code_taken') {
        setServerErrors({ code: 'taken' });
      } else if (error instanceof ApiError && error.code === 'validation_failed' && error.body?.fields) {
        const next: Partial<Record<PromoField, string>> = {};
        for (const name of Object.keys(error.body.fields)) {
          const known = SERVER_FIELD_ERRORS[name.split('.')[0]!];
          if (known) next[known[0]] = known[1];
        }
        setServerErrors(next);
        if (Object.keys(next).length === 0) setFailure(serverMessage(error, t('promos.failed'), t));
      } else {
        setFailure(serverMessage(error, t('promos.failed'), t));
      }
    } finally {
      setBusy(false);
    }
  };

  const categoryOptions =
    categories.state.status === 'ready'
      ? categories.state.data.map((category) => ({ value: category.slug, label: localized(language, category.name, category.nameAr) }))
      : [];
  return (
    <form
      className="ka-panel ka-promo-form"
      aria-labelledby="ka-promo-new"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <h2 id="ka-promo-new" className="ka-panel-title">
        {t('promos.newTitle')}
      </h2>
      <div className="ka-promo-grid">
        <FormField label={t('promos.code')} error={message('code')} hint={t('promos.codeHint')}>
          <Input dir="ltr" autoComplete="off" value={form.code} maxLength={PROMO_RULES.codeMax} onChange={(event) => set('code', event.target.value)} />
        </FormField>
        <div className="ka-field ka-promo-field">
          <span id="ka-promo-kind" className="ka-label">
            {t('promos.kind')}
          </span>
          <Radio.Group aria-labelledby="ka-promo-kind" value={form.kind} onChange={(event) => set('kind', event.target.value as PromoDiscountKind)}>
            <Radio value="percent">{t('promos.kinds.percent')}</Radio>
            <Radio value="fixed">{t('promos.kinds.fixed')}</Radio>
          </Radio.Group>
        </div>
        <FormField label={form.kind === 'percent' ? t('promos.valuePercent') : t('promos.valueAmount')} error={message('value')}>
          <Input dir="ltr" inputMode="decimal" value={form.value} onChange={(event) => set('value', event.target.value)} />
        </FormField>
        <FormField label={t('promos.minOrder')} error={message('minOrderAmount')} hint={t('promos.optional')}>
          <Input dir="ltr" inputMode="decimal" value={form.minOrderAmount} onChange={(event) => set('minOrderAmount', event.target.value)} />
        </FormField>
        <FormField label={t('promos.validFrom')} error={message('validFrom')} hint={t('promos.optional')}>
          <Input type="date" value={form.validFrom} onChange={(event) => set('validFrom', event.target.value)} />
        </FormField>
        <FormField label={t('promos.validUntil')} error={message('validUntil')} hint={t('promos.optional')}>
          <Input type="date" value={form.validUntil} onChange={(event) => set('validUntil', event.target.value)} />
        </FormField>
        <FormField label={t('promos.maxRedemptions')} error={message('maxRedemptions')} hint={t('promos.unlimitedHint')}>
          <Input dir="ltr" inputMode="numeric" value={form.maxRedemptions} onChange={(event) => set('maxRedemptions', event.target.value)} />
        </FormField>
        <FormField label={t('promos.perUserLimit')} error={message('perUserLimit')} hint={t('promos.unlimitedHint')}>
          <Input dir="ltr" inputMode="numeric" value={form.perUserLimit} onChange={(event) => set('perUserLimit', event.target.value)} />
        </FormField>
        <FormField label={t('promos.categories')} error={message('categories')} hint={t('promos.categoriesHint')}>
          <Select
            mode="multiple"
            allowClear
            value={form.categories}
            options={categoryOptions}
            loading={categories.state.status === 'loading'}
            optionFilterProp="label"
            onChange={(value: string[]) => set('categories', value)}
          />
        </FormField>
        <div className="ka-field ka-promo-field ka-promo-check">
          <Checkbox checked={form.firstOrderOnly} onChange={(event) => set('firstOrderOnly', event.target.checked)}>
            {t('promos.firstOrderOnly')}
          </Checkbox>
        </div>
      </div>
      {failure ? <Alert type="error" showIcon role="alert" title={failure} /> : null}
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('promos.create')}
      </Button>
    </form>
  );
}

/** Promo codes: create one, see every code with its rules and use, and stop one (deactivate). */
export default function PromoCodesTab() {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const [version, setVersion] = useState(0);
  const categories = useLoad('promo-categories', (signal) => getCategories(signal));
  /** A category's name in the page's language (its slug until the list has loaded). */
  const categoryName = (slug: string) => {
    const category = categories.state.status === 'ready' ? categories.state.data.find((c) => c.slug === slug) : undefined;
    return category ? localized(language, category.name, category.nameAr) : slug;
  };
  const [busy, setBusy] = useState<string | null>(null);

  const deactivate = async (list: Loaded<PromoCodePage>, code: PromoCodeDto) => {
    setBusy(code.id);
    try {
      const saved = await deactivatePromoCode(code.id);
      list.update((data) => ({ ...data, items: data.items.map((row) => (row.id === saved.id ? saved : row)) }));
      showToast('success', t('promos.deactivated', { code: saved.code }));
    } catch (error) {
      showToast('error', `${t('pending.errorTitle')}: ${serverMessage(error, t('promos.failed'), t)}`);
    } finally {
      setBusy(null);
    }
  };

  const discountOf = (code: PromoCodeDto) =>
    code.kind === 'percent' ? t('promos.percentOff', { value: formatNumber(Number(code.value), language) }) : t('promos.amountOff', { amount: formatMoney(Number(code.value), language) });
  const rulesOf = (code: PromoCodeDto) =>
    [
      code.minOrderAmount ? t('promos.ruleMin', { amount: formatMoney(Number(code.minOrderAmount), language) }) : null,
      code.firstOrderOnly ? t('promos.ruleFirst') : null,
      code.perUserLimit ? t('promos.rulePerUser', { count: code.perUserLimit }) : null,
      code.categories.length ? t('promos.ruleCategories', { list: code.categories.map(categoryName).join(t('promos.listSeparator')) }) : null,
    ].filter(Boolean) as string[];

  const columns = (list: Loaded<PromoCodePage>): TableColumnsType<PromoCodeDto> => [
    { key: 'code', title: t('promos.code'), render: (_, code) => <code dir="ltr">{code.code}</code> },
    { key: 'discount', title: t('promos.discount'), render: (_, code) => discountOf(code) },
    {
      key: 'rules',
      title: t('promos.rules'),
      render: (_, code) => {
        const rules = rulesOf(code);
        return rules.length ? (
          <ul className="ka-promo-rules">
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        ) : (
          <span className="ka-muted">{t('promos.noRules')}</span>
        );
      },
    },
    {
      key: 'validity',
      title: t('promos.validity'),
      render: (_, code) =>
        code.validFrom || code.validUntil ? (
          <span dir="ltr">
            {code.validFrom ?? '…'} → {code.validUntil ?? '…'}
          </span>
        ) : (
          t('promos.always')
        ),
    },
    {
      key: 'used',
      title: t('promos.used'),
      render: (_, code) =>
        code.maxRedemptions !== null
          ? t('promos.usedOf', { count: formatNumber(code.redemptionCount, language), max: formatNumber(code.maxRedemptions, language) })
          : formatNumber(code.redemptionCount, language),
    },
    {
      key: 'status',
      title: t('promos.status'),
      render: (_, code) => (
        <StatusBadge status={code.active ? 'active' : 'inactive'} tone={code.active ? 'ok' : 'bad'} label={t(`promos.states.${code.active ? 'active' : 'inactive'}`)} />
      ),
    },
    {
      key: 'action',
      title: t('promos.action'),
      render: (_, code) =>
        code.active ? (
          <Button size="small" danger loading={busy === code.id} onClick={() => void deactivate(list, code)} aria-label={t('promos.deactivateOf', { code: code.code })}>
            {t('promos.deactivate')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <NewPromoCode categories={categories} onCreated={() => setVersion((n) => n + 1)} />
      <PagedList<PromoCodePage, PromoCodeDto>
        key={version}
        label={t('tabs.promos')}
        pathFor={promoCodesPath}
        pageOf={(answer) => ({ rows: answer.items, total: answer.total })}
        columns={columns}
      />
    </>
  );
}
