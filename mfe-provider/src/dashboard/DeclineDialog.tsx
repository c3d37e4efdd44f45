import { useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../namespace';

/** Asks for an optional reason before declining a booking; the client sees it. */
export function DeclineDialog({
  open,
  bookingLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  bookingLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={open}
      title={t('dashboard.bookings.decline.title', { booking: bookingLabel })}
      okText={t('dashboard.bookings.decline.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => onConfirm(reason.trim())}
      onCancel={onClose}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <label htmlFor="kp-decline-reason" className="kp-label">
        {t('dashboard.bookings.decline.reason')}
      </label>
      <Input.TextArea id="kp-decline-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
    </Modal>
  );
}
