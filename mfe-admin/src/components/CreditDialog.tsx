import { useId, useState } from 'react';
import { Alert, Button, Input, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CREDIT_RULES, type UserDto } from '@khidma/contracts';
import { ApiError, formatMoney, isolate, showToast, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { getUserCredit, grantCredit } from '../api';
import { serverMessage } from '../lib/errors';
import { displayName } from '../lib/people';

type GrantField = 'amount' | 'note';

/** The form's own check, the same bounds the server applies (CREDIT_RULES): field → error key under `credit.errors`. */
export function grantErrors(amount: string, note: string): Partial<Record<GrantField, string>> {
  const errors: Partial<Record<GrantField, string>> = {};
  const value = Number(amount);
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(amount.trim()) || value < CREDIT_RULES.grantMin || value > CREDIT_RULES.grantMax) errors.amount = 'amount';
  if (note.trim().length < CREDIT_RULES.noteMin) errors.note = 'note';
  return errors;
}

/** A client's Khidma credit for the admin: balance, latest entries, and a goodwill grant (amount and a required note). */
export function CreditDialog({ user, onClose }: { user: UserDto | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const amountId = useId();
  const noteId = useId();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Partial<Record<GrantField, string>>>({});
  const { state, reload } = useLoad(user ? `credit:${user.id}` : null, (signal) => getUserCredit(user!.id, signal));

  const errors = { ...(checked ? grantErrors(amount, note) : {}), ...serverFields };
  const close = () => {
    setAmount('');
    setNote('');
    setChecked(false);
    setFailure(null);
    setServerFields({});
    onClose();
  };
  const submit = async () => {
    setChecked(true);
    setFailure(null);
    setServerFields({});
    if (!user || Object.keys(grantErrors(amount, note)).length > 0) return;
    setSaving(true);
    try {
      const granted = await grantCredit(user.id, { amount: amount.trim(), note: note.trim() });
      showToast('success', t('credit.granted', { amount: formatMoney(Number(granted.entry.amount), language), name: isolate(displayName(user)) }));
      setAmount('');
      setNote('');
      setChecked(false);
      reload();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.body?.fields) {
        setServerFields(Object.fromEntries(Object.keys(error.body.fields).filter((name): name is GrantField => name === 'amount' || name === 'note').map((name) => [name, name])));
      } else {
        setFailure(serverMessage(error, t('credit.grantFailed'), t));
      }
    } finally {
      setSaving(false);
    }
  };

  const bounds = { min: formatMoney(CREDIT_RULES.grantMin, language), max: formatMoney(CREDIT_RULES.grantMax, language) };
  const message = (field: GrantField) => (errors[field] ? t(`credit.errors.${errors[field]}`, { ...bounds, noteMin: CREDIT_RULES.noteMin }) : null);
  return (
    <Modal
      open={user !== null}
      title={user ? t('credit.title', { name: isolate(displayName(user)) }) : ''}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {t('credit.close')}
        </Button>,
        <Button key="grant" type="primary" loading={saving} onClick={() => void submit()}>
          {t('credit.grant')}
        </Button>,
      ]}
    >
      {state.status === 'loading' ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {state.status === 'error' ? <Alert type="error" showIcon title={t('credit.loadFailed')} /> : null}
      {state.status === 'ready' ? (
        <>
          <p className="ka-credit-balance">
            {t('credit.balance')}: <strong>{formatMoney(Number(state.data.balance), language)}</strong>
          </p>
          {state.data.entries.items.length > 0 ? (
            <ul className="ka-credit-entries" aria-label={t('credit.history')}>
              {state.data.entries.items.map((entry) => (
                <li key={entry.id}>
                  <bdi dir="ltr">{entry.amount.startsWith('-') ? '−' : '+'}{formatMoney(Math.abs(Number(entry.amount)), language)}</bdi>{' '}
                  {t(`credit.reasons.${entry.reason}`)}
                  {entry.note ? <> · <bdi>{entry.note}</bdi></> : null}
                  <span className="ka-muted"> · {formatDate(entry.createdAt)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="ka-muted">{t('credit.empty')}</p>
          )}
        </>
      ) : null}
      <form
        className="ka-credit-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={amountId} className="ka-label">
          {t('credit.amount')}
        </label>
        <Input
          id={amountId}
          dir="ltr"
          inputMode="decimal"
          prefix="$"
          value={amount}
          aria-invalid={!!errors.amount}
          aria-describedby={`${amountId}-help`}
          onChange={(event) => setAmount(event.target.value)}
        />
        <p id={`${amountId}-help`} className={errors.amount ? 'ka-field-error' : 'ka-muted ka-small'} role={errors.amount ? 'alert' : undefined}>
          {message('amount') ?? t('credit.amountHint', bounds)}
        </p>
        <label htmlFor={noteId} className="ka-label">
          {t('credit.note')}
        </label>
        <Input.TextArea
          id={noteId}
          dir="auto"
          rows={2}
          maxLength={CREDIT_RULES.noteMax}
          value={note}
          aria-invalid={!!errors.note}
          aria-describedby={`${noteId}-help`}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={`${noteId}-help`} className={errors.note ? 'ka-field-error' : 'ka-muted ka-small'} role={errors.note ? 'alert' : undefined}>
          {message('note') ?? t('credit.noteHint')}
        </p>
        {failure ? <Alert type="error" showIcon role="alert" title={failure} /> : null}
      </form>
    </Modal>
  );
}
