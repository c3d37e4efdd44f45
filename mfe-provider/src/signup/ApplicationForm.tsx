import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPLICATION_CATEGORIES, EXPERIENCE_BANDS, REDIRECT_DELAYS_MS, UPLOADS, type UserDto } from '@khidma/contracts';
import { ApiError, currentLanguage, refreshSession, showToast, Link, useNavigate } from '@khidma/web-kit';
import { NS } from '../namespace';
import { applyAsProvider } from '../api';
import {
  emptyApplication,
  requestTooLarge,
  toApplicationRequest,
  validateApplication,
  type ApplicationImages,
  type ApplicationProblem,
  type ApplicationValues,
  type RequiredField,
} from '../lib/application';
import { errorMessage } from '../lib/errors';
import { loginPath } from '../lib/paths';
import type { ShrunkImage } from '../lib/images';
import { Field, describedBy } from './Field';
import { ImageField } from './ImageField';

type TextField = 'businessName' | 'ownerName' | 'email' | 'phone' | 'businessAddress' | 'city' | 'licenseNumber' | 'insuranceInfo' | 'description';

/** Server field paths (contract names) to this form's fields. */
const SERVER_FIELDS: Record<string, string> = { businessType: 'serviceCategory', businessDocs: 'documents' };

/** Spec §3 application form with the rules of §5 and the outcomes of §8; what was typed survives every failure. */
export function ApplicationForm({ user, returnPath }: { user: UserDto; returnPath: string }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [values, setValues] = useState<ApplicationValues>(() =>
    emptyApplication({ ownerName: `${user.firstName} ${user.lastName}`.trim(), email: user.email }),
  );
  const [images, setImages] = useState<ApplicationImages>({ idFront: null, idBack: null, certification: null });
  const [problem, setProblem] = useState<ApplicationProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  // Moves focus to the message, so keyboard and screen-reader users learn why nothing was sent.
  useEffect(() => {
    if (problem || failure) alertRef.current?.focus();
  }, [problem, failure]);

  const set = <K extends keyof ApplicationValues>(key: K, value: ApplicationValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const setImage = (key: keyof ApplicationImages) => (image: ShrunkImage | null) => setImages((current) => ({ ...current, [key]: image }));

  const missing = problem?.kind === 'missing' ? problem.fields : [];
  const fieldError = (field: string): string | undefined => {
    if ((missing as string[]).includes(field)) return t('signup.errors.required');
    if (serverFields[field]) return t('signup.errors.rejected');
    return undefined;
  };
  const fieldLabel = (field: RequiredField) => t(`signup.fields.${field}`);

  const loginRequired = () => {
    showToast('error', t('signup.loginRequired'));
    navigate(loginPath(returnPath));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setServerFields({});
    const found = validateApplication(values, images);
    const request = toApplicationRequest(values, images, currentLanguage());
    const next = found ?? (requestTooLarge(request) ? ({ kind: 'payload' } as const) : null);
    setProblem(next);
    if (next) return;
    setSubmitting(true);
    try {
      await applyAsProvider(request);
      showToast('success', t('signup.submitted'));
      navigate('/pending-approval');
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 401) return loginRequired();
      if (error instanceof ApiError && error.code === 'application_pending') {
        showToast('warning', t('errors.codes.application_pending'));
        redirectTimer.current = setTimeout(() => navigate('/pending-approval'), REDIRECT_DELAYS_MS.providerApply);
        return;
      }
      if (error instanceof ApiError && error.code === 'already_provider') {
        showToast('info', t('errors.codes.already_provider'));
        // The session still holds the old role: a refresh brings the provider role the dashboard needs.
        await refreshSession().catch(() => null);
        navigate('/provider-dashboard');
        return;
      }
      if (error instanceof ApiError && error.fields) {
        setServerFields(Object.fromEntries(Object.entries(error.fields).map(([field, code]) => [SERVER_FIELDS[field] ?? field, code])));
      }
      const message = errorMessage(error, 'signup.failedFallback');
      setFailure(t(message.key, message.values));
    }
  };

  const text = (field: TextField, options: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {}) => {
    const id = `kp-${field}`;
    const error = fieldError(field);
    return (
      <Field id={id} label={t(`signup.fields.${field}`)} required={options.required} hint={options.hint} error={error}>
        <Input
          id={id}
          type={options.type ?? 'text'}
          // Addresses and names may be typed in either script; e-mails and phone numbers read left to right.
          dir={options.type === 'email' || options.type === 'tel' ? 'ltr' : 'auto'}
          autoComplete={options.autoComplete}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
          status={error ? 'error' : undefined}
          aria-required={options.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: options.hint, error })}
        />
      </Field>
    );
  };

  const categoryError = fieldError('serviceCategory');
  const descriptionError = fieldError('description');
  const documentsInvalid = problem?.kind === 'idCard' || Boolean(serverFields.documents);

  return (
    <form className="kp-form" onSubmit={(e) => void submit(e)} noValidate aria-describedby="kp-required-note">
      <p id="kp-required-note" className="kp-hint">
        {t('signup.requiredNote')}
      </p>

      <fieldset className="kp-fieldset">
        <legend>{t('signup.sections.business')}</legend>
        <div className="kp-grid">
          {text('businessName', { required: true, autoComplete: 'organization' })}
          {text('ownerName', { required: true, autoComplete: 'name' })}
          {text('email', { required: true, type: 'email', autoComplete: 'email' })}
          {text('phone', { required: true, type: 'tel', autoComplete: 'tel' })}
          {text('businessAddress', { required: true, autoComplete: 'street-address' })}
          {text('city', { autoComplete: 'address-level2', hint: t('signup.hints.city') })}
        </div>
      </fieldset>

      <fieldset className="kp-fieldset">
        <legend>{t('signup.sections.service')}</legend>
        <div className="kp-grid">
          <Field id="kp-serviceCategory" label={t('signup.fields.serviceCategory')} required error={categoryError}>
            <Select
              id="kp-serviceCategory"
              value={values.serviceCategory || undefined}
              placeholder={t('signup.placeholders.category')}
              onChange={(value) => set('serviceCategory', value)}
              style={{ inlineSize: '100%' }}
              status={categoryError ? 'error' : undefined}
              aria-invalid={categoryError ? true : undefined}
              aria-describedby={describedBy('kp-serviceCategory', { error: categoryError })}
              options={APPLICATION_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
            />
          </Field>
          <div className="kp-field">
            <span className="kp-label" id="kp-experience-label">
              {t('signup.fields.experience')}
            </span>
            <Radio.Group
              aria-labelledby="kp-experience-label"
              value={values.experience}
              onChange={(e) => set('experience', e.target.value)}
              optionType="button"
              options={EXPERIENCE_BANDS.map((band) => ({ value: band, label: t(`experience.${band}`) }))}
            />
          </div>
        </div>
        <Field id="kp-description" label={t('signup.fields.description')} required error={descriptionError} hint={t('signup.hints.description')}>
          <Input.TextArea
            id="kp-description"
            dir="auto"
            rows={4}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            status={descriptionError ? 'error' : undefined}
            aria-required
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={describedBy('kp-description', { hint: t('signup.hints.description'), error: descriptionError })}
          />
        </Field>
      </fieldset>

      <fieldset className="kp-fieldset">
        <legend>{t('signup.sections.credentials')}</legend>
        <Checkbox checked={values.hasLicense} onChange={(e) => set('hasLicense', e.target.checked)}>
          {t('signup.fields.hasLicense')}
        </Checkbox>
        {values.hasLicense ? text('licenseNumber', { required: true }) : null}
        <Checkbox checked={values.hasInsurance} onChange={(e) => set('hasInsurance', e.target.checked)}>
          {t('signup.fields.hasInsurance')}
        </Checkbox>
        {values.hasInsurance ? text('insuranceInfo', { hint: t('signup.hints.insurance') }) : null}
      </fieldset>

      <fieldset className="kp-fieldset">
        <legend>{t('signup.sections.documents')}</legend>
        <p className="kp-hint">{t('signup.hints.documents', { count: UPLOADS.maxIdFiles, side: UPLOADS.maxImageSidePx })}</p>
        <div className="kp-images">
          <ImageField label={t('signup.fields.idFront')} image={images.idFront} onChange={setImage('idFront')} invalid={documentsInvalid} />
          <ImageField label={t('signup.fields.idBack')} image={images.idBack} onChange={setImage('idBack')} invalid={documentsInvalid} />
          <ImageField
            label={t('signup.fields.certification')}
            image={images.certification}
            onChange={setImage('certification')}
            invalid={problem?.kind === 'certification'}
          />
        </div>
      </fieldset>

      <div className={`kp-terms${problem?.kind === 'terms' ? ' kp-field-invalid' : ''}`}>
        <Checkbox
          checked={values.agreedToTerms}
          onChange={(e) => set('agreedToTerms', e.target.checked)}
          aria-invalid={problem?.kind === 'terms' ? true : undefined}
        >
          {t('signup.fields.agreedToTerms')}{' '}
        </Checkbox>
        <Link to="/terms" target="_blank" rel="noopener">
          {t('signup.termsLink')}
        </Link>
      </div>

      <div ref={alertRef} tabIndex={-1} className="kp-alert-slot">
        {problem ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t(`signup.problems.${problem.kind}.title`)}
            description={
              problem.kind === 'missing'
                ? t('signup.problems.missing.text', { fields: problem.fields.map(fieldLabel).join(t('signup.listSeparator')) })
                : t(`signup.problems.${problem.kind}.text`, { limit: UPLOADS.maxTotalBytes / 1024 / 1024 })
            }
          />
        ) : null}
        {failure ? <Alert type="error" showIcon role="alert" title={t('signup.failedTitle')} description={failure} /> : null}
      </div>

      <Button type="primary" htmlType="submit" size="large" loading={submitting} className="kp-submit">
        {submitting ? t('signup.submitting') : t('signup.submit')}
      </Button>
    </form>
  );
}
