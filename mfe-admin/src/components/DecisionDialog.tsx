import { useId, useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isolate } from '@khidma/web-kit';
import { NS } from '../namespace';

export interface Decision {
  approved: boolean;
  /** What is decided on, by name (business or service title). */
  name: string;
}

/**
 * Confirms an approval or a rejection, with an optional reason for the provider. Stays open while
 * the decision is sent; the caller closes it when the server answered.
 */
export function DecisionDialog({
  decision,
  busy,
  onConfirm,
  onCancel,
}: {
  decision: Decision | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const reasonId = useId();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const approved = decision?.approved ?? true;
  return (
    <Modal
      open={decision !== null}
      title={
        decision
          ? t(approved ? 'pending.approveTitle' : 'pending.rejectTitle', {
              name: isolate(decision.name),
            })
          : ''
      }
      okText={t(approved ? 'pending.confirmApprove' : 'pending.confirmReject')}
      cancelText={t('pending.cancel')}
      okButtonProps={{ danger: !approved, loading: busy }}
      onOk={() => onConfirm(reason.trim())}
      onCancel={onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <label htmlFor={reasonId} className="ka-label">
        {t('pending.reason')}
      </label>
      <Input.TextArea
        id={reasonId}
        aria-describedby={hintId}
        value={reason}
        maxLength={500}
        autoSize={{ minRows: 3, maxRows: 6 }}
        onChange={(event) => setReason(event.target.value)}
      />
      <p id={hintId} className="ka-muted ka-hint">
        {t('pending.reasonHint')}
      </p>
    </Modal>
  );
}
