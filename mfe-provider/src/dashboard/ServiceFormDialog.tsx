import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Alert, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRICE_TYPES, type ProviderServiceDto, type ServiceCategoryDto } from '@khidma/contracts';
import { ApiError, currentLanguage, showToast, localized } from '@khidma/web-kit';
import { NS } from '../namespace';
import { createService, updateService } from '../api';
import { errorMessage } from '../lib/errors';
import { SERVICE_LIMIT_VALUES, serverFieldErrors, serviceFormValues, validateServiceForm, type ServiceFormErrors, type ServiceFormValues } from '../lib/serviceForm';
import { Field, describedBy } from '../signup/Field';

type InputField = 'title' | 'titleAr' | 'description' | 'descriptionAr' | 'price' | 'duration';

/** What every input of the form takes from it: its value, and its error as antd status and aria. */
interface WiredInput {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  status: 'error' | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Create or edit a service in both languages. Saving sends it to admin review (the note says so);
 * the dialog stays open with what was typed when the server refuses.
 */
export function ServiceFormDialog({
  service,
  categories,
  onSaved,
  onClose,
}: {
  /** null to create a new service. */
  service: ProviderServiceDto | null;
  categories: ServiceCategoryDto[];
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const [values, setValues] = useState<ServiceFormValues>(() => serviceFormValues(service));
  const [errors, setErrors] = useState<ServiceFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ServiceFormValues>(key: K, value: ServiceFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const save = async () => {
    const { errors: found, request } = validateServiceForm(values);
    setErrors(found);
    setFailure(null);
    if (!request) return;
    setSaving(true);
    try {
      await (service ? updateService(service.id, request) : createService(request));
      showToast('success', t('dashboard.services.form.saved'));
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(serverFieldErrors(error.fields));
      const message = errorMessage(error, 'dashboard.services.form.failed');
      setFailure(t(message.key, message.values));
    } finally {
      setSaving(false);
    }
  };

  const errorText = (field: keyof ServiceFormValues) => {
    const code = errors[field];
    return code ? t(`dashboard.services.form.errors.${code}`, SERVICE_LIMIT_VALUES) : undefined;
  };
  /** A labelled input of `field`: `control` gets its value and its error wired to status and aria. */
  const input = (field: InputField, control: (wired: WiredInput) => ReactNode) => {
    const id = `kp-service-${field}`;
    const error = errorText(field);
    return (
      <Field id={id} label={t(`dashboard.services.form.${field}`)} required error={error}>
        {control({
          id,
          value: values[field],
          onChange: (e) => set(field, e.target.value),
          status: error ? 'error' : undefined,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy(id, { error }),
        })}
      </Field>
    );
  };
  const text = (field: 'title' | 'titleAr' | 'description' | 'descriptionAr', multiline = false) =>
    input(field, (wired) => {
      // The Arabic fields are typed right to left whatever the page's language.
      const script = field.endsWith('Ar') ? { dir: 'rtl', lang: 'ar' } : { dir: 'ltr', lang: 'en' };
      return multiline ? <Input.TextArea {...wired} {...script} aria-required rows={3} /> : <Input {...wired} {...script} aria-required />;
    });

  const categoryError = errorText('categoryId');
  return (
    <Modal
      open
      title={service ? t('dashboard.services.form.editTitle') : t('dashboard.services.form.createTitle')}
      okText={t('dashboard.services.form.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving }}
      onOk={() => void save()}
      onCancel={onClose}
      width={720}
    >
      <form
        className="kp-service-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Alert type="info" showIcon title={t('dashboard.services.form.reviewNote')} />
        <Field id="kp-service-category" label={t('dashboard.services.form.category')} required error={categoryError}>
          <Select
            id="kp-service-category"
            value={values.categoryId ?? undefined}
            placeholder={t('signup.placeholders.category')}
            onChange={(value: number) => set('categoryId', value)}
            style={{ inlineSize: '100%' }}
            status={categoryError ? 'error' : undefined}
            aria-describedby={describedBy('kp-service-category', { error: categoryError })}
            options={categories.map((category) => ({ value: category.id, label: localized(language, category.name, category.nameAr) }))}
          />
        </Field>
        <div className="kp-grid">
          {text('title')}
          {text('titleAr')}
          {text('description', true)}
          {text('descriptionAr', true)}
          {input('price', (wired) => <Input {...wired} inputMode="decimal" prefix="$" dir="ltr" />)}
          {input('duration', (wired) => <Input {...wired} inputMode="numeric" dir="ltr" />)}
        </div>
        <div className="kp-field">
          <span className="kp-label" id="kp-service-priceType-label">
            {t('dashboard.services.form.priceType')}
          </span>
          <Radio.Group
            aria-labelledby="kp-service-priceType-label"
            value={values.priceType}
            onChange={(e) => set('priceType', e.target.value)}
            options={PRICE_TYPES.map((value) => ({ value, label: t(`priceTypes.${value}`) }))}
          />
        </div>
        {failure ? <Alert type="error" showIcon title={t('dashboard.services.form.failedTitle')} description={failure} /> : null}
        {/* Enter in a field saves, like the dialog's button. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
