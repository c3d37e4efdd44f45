import { useId, useRef, useState } from 'react';
import { Alert, Button, Input, Radio, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DISPUTE_REASONS,
  DISPUTE_RULES,
  UPLOADS,
  type BookingDisputeResponse,
  type DisputeDto,
  type DisputeMessageDto,
  type DisputeReason,
} from '@khidma/contracts';
import { ApiError, currentLanguage, formatMoney, showToast, useApiImage, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { getBookingDispute, openDispute, replyToDispute } from '../api';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Server codes with a message of their own under `dispute.errors.`; anything else is `failed`. */
const KNOWN_ERRORS = [
  'dispute_window_closed',
  'dispute_exists',
  'dispute_resolved',
  'refund_too_large',
  'booking_not_completed',
  'booking_not_paid',
  'invalid_image',
  'image_too_large',
  'payload_too_large',
  'validation_failed',
];

const errorKey = (error: unknown) => {
  const code = error instanceof ApiError ? error.code : undefined;
  return `dispute.errors.${code && KNOWN_ERRORS.includes(code) ? code : 'failed'}`;
};

/** A file as the base64 data URL the API takes. */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Up to DISPUTE_RULES.maxPhotos JPEG, PNG or WebP files of at most UPLOADS.maxImageBytes each (the server checks the bytes again). */
function PhotoPicker({ photos, onChange, onProblem }: { photos: File[]; onChange: (photos: File[]) => void; onProblem: (key: string | null) => void }) {
  const { t } = useTranslation(NS);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const add = (files: File[]) => {
    const wrongType = files.find((file) => !PHOTO_TYPES.includes(file.type));
    const tooLarge = files.find((file) => file.size > UPLOADS.maxImageBytes);
    if (wrongType) onProblem('dispute.errors.invalid_image');
    else if (tooLarge) onProblem('dispute.errors.image_too_large');
    else if (photos.length + files.length > DISPUTE_RULES.maxPhotos) onProblem('dispute.errors.tooManyPhotos');
    else {
      onProblem(null);
      onChange([...photos, ...files]);
    }
    if (input.current) input.current.value = '';
  };
  return (
    <div className="kb-dispute-photos">
      <label htmlFor={inputId} className="kb-label">
        {t('dispute.photos', { max: DISPUTE_RULES.maxPhotos })}
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        multiple
        disabled={photos.length >= DISPUTE_RULES.maxPhotos}
        onChange={(event) => add([...(event.target.files ?? [])])}
      />
      {photos.length ? (
        <ul className="kb-dispute-files">
          {photos.map((photo, k) => (
            <li key={`${photo.name}-${k}`}>
              <bdi>{photo.name}</bdi>{' '}
              <Button size="small" onClick={() => onChange(photos.filter((_, i) => i !== k))} aria-label={t('dispute.removePhoto', { name: photo.name })}>
                {t('dispute.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The client's report: reason, what happened, photos and the amount asked back (at most what is refundable). */
export function DisputeForm({ bookingId, refundable, onOpened, onCancel }: { bookingId: string; refundable: string; onOpened: (dispute: DisputeDto) => void; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const descriptionId = useId();
  const amountId = useId();
  const [reason, setReason] = useState<DisputeReason | null>(null);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const requested = Number(amount);
    if (!reason) return setProblem('dispute.errors.chooseReason');
    if (description.trim().length < DISPUTE_RULES.descriptionMinLength) return setProblem('dispute.errors.describe');
    if (!amount || !(requested > 0) || requested > Number(refundable) || Math.round(requested * 100) !== requested * 100) {
      return setProblem('dispute.errors.amount');
    }
    setSending(true);
    setProblem(null);
    try {
      const dispute = await openDispute(bookingId, {
        reason,
        description: description.trim(),
        requestedAmount: requested,
        ...(photos.length && { photos: await Promise.all(photos.map(readAsDataUrl)) }),
      });
      showToast('success', t('dispute.opened'));
      onOpened(dispute);
    } catch (error) {
      setProblem(errorKey(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="kb-dispute-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend className="kb-label">{t('dispute.reason')}</legend>
        <Radio.Group value={reason} onChange={(event) => setReason(event.target.value as DisputeReason)} className="kb-dispute-reasons">
          {DISPUTE_REASONS.map((value) => (
            <Radio key={value} value={value}>
              {t(`dispute.reasons.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      </fieldset>
      <label htmlFor={descriptionId} className="kb-label">
        {t('dispute.description')}
      </label>
      <Input.TextArea
        id={descriptionId}
        dir="auto"
        rows={4}
        value={description}
        maxLength={DISPUTE_RULES.descriptionMaxLength}
        showCount
        onChange={(event) => setDescription(event.target.value)}
      />
      <p className="kb-hint">{t('dispute.descriptionHint', { min: DISPUTE_RULES.descriptionMinLength })}</p>
      <PhotoPicker photos={photos} onChange={setPhotos} onProblem={setProblem} />
      <label htmlFor={amountId} className="kb-label">
        {t('dispute.amount')}
      </label>
      <Input id={amountId} type="number" inputMode="decimal" min={0.01} max={Number(refundable)} step={0.01} value={amount} onChange={(event) => setAmount(event.target.value)} dir="ltr" className="kb-dispute-amount" />
      <p className="kb-hint">{t('dispute.amountHint', { max: formatMoney(refundable, language, 'amount') })}</p>
      {problem ? <Alert type="error" showIcon role="alert" title={t(problem, { least: formatMoney(0.01, language, 'amount'), max: formatMoney(refundable, language, 'amount'), hours: DISPUTE_RULES.windowHours, min: DISPUTE_RULES.descriptionMinLength })} /> : null}
      <div className="kb-review-buttons">
        <Button type="primary" htmlType="submit" loading={sending}>
          {t('dispute.send')}
        </Button>
        <Button onClick={onCancel}>{t('dispute.cancel')}</Button>
      </div>
    </form>
  );
}

/** An evidence photo, fetched with the bearer. */
function EvidencePhoto({ url, label }: { url: string; label: string }) {
  const src = useApiImage(url);
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img className="kb-dispute-photo" src={src} alt={label} />
    </a>
  ) : (
    <span className="kb-dispute-photo">{label}</span>
  );
}

function Message({ message }: { message: DisputeMessageDto }) {
  const { t } = useTranslation(NS);
  const { formatDate } = useDateFormat();
  return (
    <li className={`kb-dispute-message kb-dispute-${message.side}`}>
      <p className="kb-dispute-author">
        <strong>{message.side === 'admin' ? t('dispute.support') : <bdi>{message.authorName}</bdi>}</strong> · {t(`dispute.sides.${message.side}`)} ·{' '}
        <time dateTime={message.createdAt}>{formatDate(message.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
      </p>
      <p dir="auto">{message.text}</p>
      {message.photos.length ? (
        <div className="kb-dispute-gallery">
          {message.photos.map((url, k) => (
            <EvidencePhoto key={url} url={url} label={t('dispute.photo', { n: k + 1 })} />
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** Status, outcome, the conversation (oldest first) and, while undecided, the party's answer form. */
export function DisputeView({ dispute, onChange }: { dispute: DisputeDto; onChange: (dispute: DisputeDto) => void }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const textId = useId();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!text.trim()) return setProblem('dispute.errors.writeSomething');
    setSending(true);
    setProblem(null);
    try {
      const updated = await replyToDispute(dispute.id, { text: text.trim(), ...(photos.length && { photos: await Promise.all(photos.map(readAsDataUrl)) }) });
      setText('');
      setPhotos([]);
      onChange(updated);
    } catch (error) {
      setProblem(errorKey(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="kb-dispute">
      <p>
        <span className={`kb-badge kb-dispute-${dispute.status}`}>{t(`dispute.status.${dispute.status}`)}</span>{' '}
        {t(`dispute.reasons.${dispute.reason}`)} · {t('dispute.requested', { amount: formatMoney(dispute.requestedAmount, language, 'amount') })}
      </p>
      {dispute.outcome ? (
        <Alert
          type={dispute.outcome === 'no_refund' ? 'info' : 'success'}
          showIcon
          title={t(`dispute.outcomes.${dispute.outcome}`, { amount: formatMoney(dispute.refundedAmount ?? '0', language, 'amount') })}
          description={dispute.decisionNote ? <span dir="auto">{dispute.decisionNote}</span> : undefined}
        />
      ) : null}
      <h3 className="kb-dispute-subtitle">{t('dispute.conversation')}</h3>
      <ol className="kb-dispute-messages">
        {dispute.messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </ol>
      {dispute.actions.reply ? (
        <form
          className="kb-dispute-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor={textId} className="kb-label">
            {t('dispute.answer')}
          </label>
          <Input.TextArea id={textId} dir="auto" rows={3} value={text} maxLength={DISPUTE_RULES.messageMaxLength} onChange={(event) => setText(event.target.value)} />
          <PhotoPicker photos={photos} onChange={setPhotos} onProblem={setProblem} />
          {problem ? <Alert type="error" showIcon role="alert" title={t(problem, { hours: DISPUTE_RULES.windowHours })} /> : null}
          <Button type="primary" htmlType="submit" loading={sending}>
            {t('dispute.sendAnswer')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/**
 * "Report a problem" on a completed booking: within 72 h of its completion the client opens a dispute;
 * afterwards client, provider and admin follow it here until the decision, and it stays readable.
 */
export function DisputePanel({ bookingId, isClient }: { bookingId: string; isClient: boolean }) {
  const { t } = useTranslation(NS);
  const { formatDate } = useDateFormat();
  const { state, update, reload } = useLoad<BookingDisputeResponse>(bookingId, (signal) => getBookingDispute(bookingId, signal));
  const [reporting, setReporting] = useState(false);
  const set = (dispute: DisputeDto) => {
    setReporting(false);
    update((previous) => ({ ...previous, dispute, canOpen: false }));
  };

  let body;
  if (state.status === 'loading') body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (state.status === 'error') {
    body = (
      <p>
        {t('dispute.errors.load')}{' '}
        <Button size="small" onClick={reload}>
          {t('actions.retry')}
        </Button>
      </p>
    );
  } else if (state.data.dispute) body = <DisputeView dispute={state.data.dispute} onChange={set} />;
  else if (state.data.canOpen && reporting) {
    body = <DisputeForm bookingId={bookingId} refundable={state.data.refundableAmount} onOpened={set} onCancel={() => setReporting(false)} />;
  } else if (state.data.canOpen) {
    const until = formatDate(state.data.openUntil!, { dateStyle: 'medium', timeStyle: 'short' });
    body = (
      <>
        <p className="kb-hint">{t('dispute.openUntil', { date: until, hours: DISPUTE_RULES.windowHours })}</p>
        <Button danger onClick={() => setReporting(true)}>
          {t('dispute.report')}
        </Button>
      </>
    );
  } else if (isClient && state.data.openUntil) {
    const until = formatDate(state.data.openUntil, { dateStyle: 'medium', timeStyle: 'short' });
    body = <p className="kb-hint">{t('dispute.errors.windowClosedOn', { date: until, hours: DISPUTE_RULES.windowHours })}</p>;
  } else return null;

  return (
    <section className="kb-panel" aria-labelledby="kb-dispute" id="dispute">
      <h2 id="kb-dispute" className="kb-panel-title">
        {t(state.status === 'ready' && state.data.dispute ? 'dispute.title' : 'dispute.problem')}
      </h2>
      {body}
    </section>
  );
}
