import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button, Checkbox, Input } from 'antd';
import { CloseCircleFilled, EyeInvisibleOutlined, EyeOutlined, GoogleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, PASSWORD_RULES, type GoogleConfigResponse } from '@khidma/contracts';
import { apiFetch } from '@khidma/web-kit';

/** The legal disclaimer of spec §1 that gates every sign-in and sign-up action. */
export function Disclaimer({ checked, onChange, hintId, hint }: { checked: boolean; onChange: (checked: boolean) => void; hintId: string; hint: string }) {
  const { t } = useTranslation();
  return (
    <div className="kh-auth-disclaimer">
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)}>
        {t('auth.disclaimer')}
      </Checkbox>
      {checked ? null : (
        <p id={hintId} className="kh-auth-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled text field; the label is a real <label> so screen readers and clicks find the input. */
export function Field({ label, id, children, help }: { label: string; id: string; children: ReactNode; help?: ReactNode }) {
  return (
    <div className="kh-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help}
    </div>
  );
}

/** A new password with the policy's rules written under it and announced with it (sign-up, reset). */
export function NewPasswordField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const rules = useId();
  return (
    <Field
      label={label}
      id={id}
      help={
        <p id={rules} className="kh-auth-hint">
          {t('auth.passwordRules', { min: PASSWORD_RULES.minLength, max: PASSWORD_RULES.maxLength })}
        </p>
      }
    >
      <PasswordInput id={id} value={value} onChange={onChange} autoComplete="new-password" describedBy={rules} />
    </Field>
  );
}

/** Password input whose show/hide toggle is a real, labelled, keyboard-reachable button. */
export function PasswordInput({
  id,
  value,
  onChange,
  autoComplete,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Input
      id={id}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete={autoComplete}
      aria-describedby={describedBy}
      maxLength={PASSWORD_RULES.maxLength}
      dir="ltr"
      suffix={
        <button
          type="button"
          className="kh-password-toggle"
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          aria-controls={id}
          onClick={(event) => {
            // antd's input wrapper moves focus into the input on any click inside it; the toggle keeps it.
            event.stopPropagation();
            setVisible((v) => !v);
          }}
        >
          {visible ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
        </button>
      }
    />
  );
}

/** Whether the server can do Google sign-in; null while asking. A failed question counts as "no". */
function useGoogleEnabled(): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    apiFetch<GoogleConfigResponse>(AUTH_PATHS.googleConfig).then(
      (config) => live && setEnabled(config.enabled),
      () => live && setEnabled(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}

/** The Google button; disabled with a note when the server has no Google configuration. */
export function GoogleButton({ label, onClick, disabled, loading, describedBy }: { label: string; onClick: () => void; disabled: boolean; loading: boolean; describedBy?: string }) {
  const { t } = useTranslation();
  const enabled = useGoogleEnabled();
  const noteId = useId();
  const off = enabled === false;
  return (
    <div className="kh-google">
      <Button
        block
        size="large"
        icon={<GoogleOutlined aria-hidden />}
        onClick={onClick}
        disabled={disabled || enabled !== true}
        loading={loading}
        aria-describedby={[off ? noteId : undefined, describedBy].filter(Boolean).join(' ') || undefined}
      >
        {label}
      </Button>
      {off ? (
        <p id={noteId} className="kh-auth-hint">
          {t('auth.google.notConfigured')}
        </p>
      ) : null}
    </div>
  );
}

/** The form's error, in a live region that screen readers announce when it changes. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div role="alert" className="kh-auth-error">
      {message ? (
        <p className="kh-auth-error-text">
          <CloseCircleFilled aria-hidden /> {message}
        </p>
      ) : null}
    </div>
  );
}
