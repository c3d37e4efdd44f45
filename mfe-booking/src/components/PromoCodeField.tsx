import { useId } from 'react';
import { Button, Input } from 'antd';
import { TagOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PriceBreakdown } from '@khidma/contracts';
import { NS } from '../namespace';
import { formatMoney, useDateFormat, type DateFormat } from '@khidma/web-kit';
import type { ErrorMessage } from '../lib/errors';

/** A refusal's values as the reader expects them: amounts as money, days as dates of their language. */
export function promoErrorValues(message: ErrorMessage, { language, formatCalendarDate }: DateFormat): Record<string, string | number> {
  const values = { ...message.values };
  if (typeof values.minOrderAmount === 'string') values.minOrderAmount = formatMoney(values.minOrderAmount, language, 'amount');
  for (const day of ['validFrom', 'validUntil'] as const) {
    if (typeof values[day] === 'string') values[day] = formatCalendarDate(values[day]);
  }
  return values;
}

/**
 * The checkout's promo code: the client types a code and applies it (the server previews the
 * discount); a refusal is shown under the field, and the typed code stays as it was.
 */
export function PromoCodeField({
  value,
  applied,
  error,
  busy,
  disabled,
  onChange,
  onApply,
  onRemove,
}: {
  value: string;
  applied: PriceBreakdown | null;
  error: ErrorMessage | null;
  busy: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
  onApply: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(NS);
  const dates = useDateFormat();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const describedBy = [hintId, error ? errorId : null, applied ? statusId : null].filter(Boolean).join(' ');
  return (
    <div className={`kb-field kb-promo${error ? ' kb-field-invalid' : ''}`}>
      <label htmlFor={id} className="kb-label">
        <TagOutlined aria-hidden="true" /> {t('payment.promoLabel')}
      </label>
      <div className="kb-promo-row">
        <Input
          id={id}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          value={value}
          disabled={disabled}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code; it must not submit the payment.
            if (event.key === 'Enter') {
              event.preventDefault();
              if (value.trim()) onApply();
            }
          }}
        />
        {applied ? (
          <Button onClick={onRemove} disabled={disabled}>
            {t('payment.promoRemove')}
          </Button>
        ) : (
          <Button onClick={onApply} loading={busy} disabled={disabled || !value.trim()}>
            {t('payment.promoApply')}
          </Button>
        )}
      </div>
      <p id={hintId} className="kb-hint">
        {t('payment.promoHint')}
      </p>
      {error ? (
        <p id={errorId} className="kb-error" role="alert">
          {t(error.key, promoErrorValues(error, dates))}
        </p>
      ) : null}
      {applied ? (
        <p id={statusId} className="kb-promo-applied" role="status">
          {t('payment.promoApplied', { code: applied.promoCode, discount: formatMoney(applied.discount, dates.language, 'amount') })}
        </p>
      ) : null}
    </div>
  );
}
