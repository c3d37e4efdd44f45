import { useCallback, useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BookingDto } from '@khidma/contracts';
import { showToast, useDateFormat } from '@khidma/web-kit';
import { NS } from '../namespace';
import { rescheduleBooking } from '../api';
import { formatTime, slotOf } from '../lib/dates';
import { errorCode, errorMessage, type ErrorMessage } from '../lib/errors';
import { SlotPicker } from './SlotPicker';

/** Move a booking to another free slot of its service (POST /api/bookings/{id}/reschedule). */
export function RescheduleDialog({
  booking,
  open,
  onClose,
  onRescheduled,
}: {
  booking: BookingDto;
  open: boolean;
  onClose: () => void;
  onRescheduled: (booking: BookingDto) => void;
}) {
  const { t } = useTranslation(NS);
  const { language, formatCalendarDate } = useDateFormat();
  const [date, setDate] = useState(booking.scheduledDate);
  const [time, setTime] = useState('');
  const [refreshKey, setRefreshKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorMessage | null>(null);

  const changeTime = useCallback((value: string) => {
    setTime(value);
    if (value) setTimeError(null);
  }, []);

  const close = () => {
    setDate(booking.scheduledDate);
    setTime('');
    setTimeError(null);
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    if (!time) {
      setTimeError(t('validation.time'));
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const updated = await rescheduleBooking(booking.id, slotOf(date, time));
      showToast(
        'success',
        t('reschedule.success', { date: formatCalendarDate(updated.scheduledDate, { dateStyle: 'full' }), time: formatTime(updated.scheduledTime, language) }),
      );
      onRescheduled(updated);
      close();
    } catch (error) {
      const message = errorMessage(error, 'reschedule');
      setFailure(message);
      // Someone took the slot meanwhile: show the day as it is now and let the user pick again.
      if (errorCode(error) === 'slot_taken' || errorCode(error) === 'slot_unavailable') {
        setTime('');
        setRefreshKey((n) => n + 1);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('reschedule.title')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="back" onClick={close}>
          {t('cancel.back')}
        </Button>,
        <Button key="confirm" type="primary" loading={sending} onClick={() => void submit()}>
          {t('reschedule.confirm')}
        </Button>,
      ]}
    >
      <p>
        {t('reschedule.current', {
          date: formatCalendarDate(booking.scheduledDate, { dateStyle: 'full' }),
          time: formatTime(booking.scheduledTime, language),
        })}
      </p>
      <SlotPicker
        serviceId={booking.serviceId}
        date={date}
        time={time}
        onDateChange={(value) => {
          setDate(value);
          setFailure(null);
        }}
        onTimeChange={changeTime}
        // Per-job bookings take the listing's duration; only hourly ones name theirs.
        duration={booking.service.priceType === 'hourly' ? booking.duration : undefined}
        excludeBookingId={booking.id}
        dateError={date ? null : t('validation.date')}
        timeError={timeError}
        refreshKey={refreshKey}
      />
      {failure ? <Alert type="error" showIcon role="alert" title={t(failure.key, failure.values)} /> : null}
    </Modal>
  );
}
