import { useId, useState } from 'react';
import { Alert, Button, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { BOOKING, type BookingDto, type CancelBookingResponse, type RefundDestination } from '@khidma/contracts';
import { currentLanguage, formatNumber, showToast, formatMoney } from '@khidma/web-kit';
import { NS } from '../namespace';
import { cancelBooking, cancelFollowing } from '../api';
import { errorMessage, type ErrorMessage } from '../lib/errors';
import { serviceTitleOf } from '../lib/localize';

export interface CancelDialogProps {
  /** The booking to cancel; the dialog is open while it is set. */
  booking: BookingDto | null;
  onClose: () => void;
  onCancelled: (result: CancelBookingResponse) => void;
  /**
   * Spec §5: the list keeps Confirm disabled until the reason is long enough; the detail page lets it
   * be pressed and answers a short reason with the 'Invalid reason' toast.
   */
  shortReason: 'disable' | 'toast';
  /** `following`: this occurrence of a series and every later one still pending or accepted. */
  scope?: 'one' | 'following';
}

/** Cancel a booking with a reason of at least BOOKING.cancelReasonMinLength characters (spec §2, §4, §5). */
export function CancelDialog({ booking, onClose, onCancelled, shortReason, scope = 'one' }: CancelDialogProps) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ErrorMessage | null>(null);
  // The card refund stays the default; credit is the client's explicit choice.
  const [refundTo, setRefundTo] = useState<RefundDestination>('card');
  const refundable = booking?.paymentStatus === 'paid';
  const cardPart = booking?.paid ? Number(booking.paid.card) : Number(booking?.totalAmount ?? 0);
  const creditPart = booking?.paid ? Number(booking.paid.credit) : 0;

  const valid = reason.trim().length >= BOOKING.cancelReasonMinLength;
  const showRule = touched && !valid;

  const close = () => {
    setReason('');
    setTouched(false);
    setFailure(null);
    setRefundTo('card');
    onClose();
  };

  const confirm = async () => {
    if (!booking) return;
    if (!valid) {
      setTouched(true);
      showToast('error', `${t('cancel.invalidTitle')}: ${t('cancel.invalidText', { min: BOOKING.cancelReasonMinLength })}`);
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const request = { cancellationReason: reason.trim(), ...(refundable ? { refundTo } : {}) };
      const cancelled = scope === 'following' ? (await cancelFollowing(booking.id, request)).cancelled : [await cancelBooking(booking.id, request)];
      const sum = (part: 'toCard' | 'toCredit') => cancelled.reduce((total, one) => total + (one.refund ? Number(one.refund[part]) : 0), 0);
      const [toCard, toCredit] = [sum('toCard'), sum('toCredit')];
      const refund =
        (toCard > 0 ? ` ${t('cancel.refund', { amount: formatMoney(toCard, language, 'amount') })}` : '') +
        (toCredit > 0 ? ` ${t('cancel.refundCredit', { amount: formatMoney(toCredit, language, 'amount') })}` : '');
      const text = scope === 'following' ? t('cancel.followingSuccessText', { n: formatNumber(cancelled.length, language) }) : t('cancel.successText');
      showToast('success', `${t('cancel.successTitle')} - ${text}${refund}`);
      close();
      onCancelled(cancelled[0]!);
    } catch (error) {
      const message = errorMessage(error, 'cancel');
      setFailure(message);
      showToast('error', `${t('errors.title')}: ${t(message.key, message.values)}`);
    } finally {
      setSending(false);
    }
  };

  const title = booking ? serviceTitleOf(booking, language, t) : '';
  return (
    <Modal
      open={booking !== null}
      title={t(scope === 'following' ? 'cancel.followingTitle' : 'cancel.title')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="back" onClick={close}>
          {t('cancel.back')}
        </Button>,
        <Button
          key="confirm"
          danger
          type="primary"
          loading={sending}
          disabled={shortReason === 'disable' && !valid}
          onClick={() => void confirm()}
        >
          {t('cancel.confirm')}
        </Button>,
      ]}
    >
      <p>{t('cancel.question', { service: title })}</p>
      {scope === 'following' ? <p className="kb-hint">{t('cancel.followingNote')}</p> : null}
      <label htmlFor={reasonId} className="kb-label">
        {t('cancel.reason')}
      </label>
      <Input.TextArea
        id={reasonId}
        dir="auto"
        rows={4}
        value={reason}
        maxLength={500}
        aria-invalid={showRule}
        aria-describedby={`${reasonId}-rule`}
        onChange={(event) => {
          setReason(event.target.value);
          setTouched(true);
        }}
        onBlur={() => setTouched(true)}
      />
      <p id={`${reasonId}-rule`} className={showRule ? 'kb-error' : 'kb-hint'} role={showRule ? 'alert' : undefined}>
        {t('cancel.rule', { min: BOOKING.cancelReasonMinLength })}
      </p>
      {refundable ? (
        <fieldset className="kb-refund-to">
          <legend className="kb-label">{t('cancel.refundTo')}</legend>
          {cardPart > 0 ? (
            <Radio.Group value={refundTo} onChange={(event) => setRefundTo(event.target.value as RefundDestination)}>
              <Radio value="card">{t('cancel.refundToCard')}</Radio>
              <Radio value="credit">{t('cancel.refundToCredit')}</Radio>
            </Radio.Group>
          ) : null}
          {creditPart > 0 ? <p className="kb-hint">{t('cancel.creditReturns', { amount: formatMoney(creditPart, language, 'amount') })}</p> : null}
        </fieldset>
      ) : null}
      {failure ? <Alert type="error" showIcon role="alert" title={t(failure.key, failure.values)} /> : null}
    </Modal>
  );
}
