import { useId, useState } from 'react';
import { Alert, Button, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISPUTE_OUTCOMES, DISPUTE_RULES, DISPUTE_STATUSES, type DisputeDto, type DisputeOutcome, type DisputeStatus, type DisputeSummaryDto } from '@khidma/contracts';
import { ApiError, apiFetch, currentLanguage, formatMoney, localized, showToast, useApiImage, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { decideDispute, disputePath, disputesPath } from '../api';
import { EmptyState, ErrorState, LoadingBlock } from '../components/States';
import { StatusBadge } from '../components/StatusBadge';

const TONE: Record<DisputeStatus, 'ok' | 'bad' | undefined> = { open: 'bad', provider_responded: undefined, resolved: 'ok' };

/**
 * Disputes (issue 17 part 4): the open ones first by default, filter by status, read the conversation
 * and evidence, and decide once — full refund, partial refund or none — with a note.
 */
export default function DisputesTab() {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const filterId = useId();
  const [status, setStatus] = useState<DisputeStatus | ''>('');
  const { state, reload } = useLoad(`disputes-${status}`, (signal) => apiFetch<{ disputes: DisputeSummaryDto[] }>(disputesPath(status || undefined), { signal }));
  const [openId, setOpenId] = useState<string | null>(null);

  let list;
  if (state.status === 'loading') list = <LoadingBlock />;
  else if (state.status === 'error') list = <ErrorState onRetry={reload} />;
  else if (!state.data.disputes.length) list = <EmptyState>{t('disputes.empty')}</EmptyState>;
  else {
    list = (
      <ul className="ka-reported" aria-label={t('tabs.disputes')}>
        {state.data.disputes.map((dispute) => (
          <li key={dispute.id} className="ka-block">
            <div className="ka-reported-head">
              <div>
                <strong>
                  <bdi>{localized(language, dispute.serviceTitle, dispute.serviceTitleAr)}</bdi> · {t('disputes.booking', { number: dispute.bookingNumber })}
                </strong>
                <p className="ka-muted">
                  <bdi>{dispute.clientName}</bdi> ↔ <bdi>{dispute.providerName}</bdi> · {t(`disputes.reasons.${dispute.reason}`)} ·{' '}
                  {t('disputes.requested', { amount: formatMoney(dispute.requestedAmount, language), paid: formatMoney(dispute.paidAmount, language) })} ·{' '}
                  <time dateTime={dispute.createdAt}>{formatDate(dispute.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </p>
                <StatusBadge status={dispute.status} tone={TONE[dispute.status]} label={t(`disputes.statuses.${dispute.status}`)} />
                {dispute.outcome ? <span className="ka-muted"> {t(`disputes.outcomes.${dispute.outcome}`, { amount: formatMoney(dispute.refundedAmount ?? '0', language) })}</span> : null}
              </div>
              <Button aria-expanded={openId === dispute.id} onClick={() => setOpenId((id) => (id === dispute.id ? null : dispute.id))}>
                {t(openId === dispute.id ? 'disputes.close' : 'disputes.open')}
              </Button>
            </div>
            {openId === dispute.id ? <DisputeCase id={dispute.id} onDecided={reload} /> : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="ka-block-list">
      <div className="ka-field">
        <label htmlFor={filterId} className="ka-label">
          {t('disputes.filter')}
        </label>
        <Select
          id={filterId}
          className="ka-disputes-filter"
          value={status}
          onChange={(value) => setStatus(value)}
          options={[{ value: '', label: t('disputes.all') }, ...DISPUTE_STATUSES.map((value) => ({ value, label: t(`disputes.statuses.${value}`) }))]}
        />
      </div>
      {list}
    </section>
  );
}

function Evidence({ url, label }: { url: string; label: string }) {
  const src = useApiImage(url);
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img className="ka-dispute-photo" src={src} alt={label} />
    </a>
  ) : (
    <span className="ka-dispute-photo">{label}</span>
  );
}

function DisputeCase({ id, onDecided }: { id: string; onDecided: () => void }) {
  const { t } = useTranslation(NS);
  const { formatDate } = useDateFormat();
  const { state, reload, update } = useLoad(`dispute-${id}`, (signal) => apiFetch<DisputeDto>(disputePath(id), { signal }));
  if (state.status === 'loading') return <LoadingBlock rows={3} />;
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  const dispute = state.data;
  return (
    <div className="ka-dispute">
      <ol className="ka-reported-thread" aria-label={t('disputes.conversation')}>
        {dispute.messages.map((message) => (
          <li key={message.id} className={`ka-reported-msg ka-dispute-${message.side}`}>
            <p className="ka-muted">
              <strong>{message.side === 'admin' ? t('disputes.support') : <bdi>{message.authorName}</bdi>}</strong> · {t(`disputes.sides.${message.side}`)} ·{' '}
              <time dateTime={message.createdAt}>{formatDate(message.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
            </p>
            <p dir="auto">{message.text}</p>
            {message.photos.length ? (
              <div className="ka-dispute-gallery">
                {message.photos.map((url, k) => (
                  <Evidence key={url} url={url} label={t('disputes.photo', { n: k + 1 })} />
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {dispute.actions.decide ? (
        <DecisionForm
          dispute={dispute}
          onDecided={(decided) => {
            update(() => decided);
            onDecided();
          }}
        />
      ) : null}
    </div>
  );
}

/** The decision: an outcome, the amount for a partial refund (0 < x ≤ refundable) and a note; sent once. */
export function DecisionForm({ dispute, onDecided }: { dispute: DisputeDto; onDecided: (dispute: DisputeDto) => void }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const amountId = useId();
  const noteId = useId();
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const max = dispute.refundableAmount;

  const submit = async () => {
    const value = Number(amount);
    if (!outcome) return setProblem(t('disputes.errors.outcome'));
    if (outcome === 'partial_refund' && (!(value > 0) || value > Number(max) || Math.round(value * 100) !== value * 100)) {
      return setProblem(t('disputes.errors.amount', { min: formatMoney(0, language), max: formatMoney(max, language) }));
    }
    if (!note.trim()) return setProblem(t('disputes.errors.note'));
    setSending(true);
    setProblem(null);
    try {
      const decided = await decideDispute(dispute.id, { outcome, note: note.trim(), ...(outcome === 'partial_refund' && { amount: value }) });
      showToast('success', t('disputes.decided'));
      onDecided(decided);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setProblem(t(code === 'dispute_resolved' || code === 'refund_too_large' ? `disputes.errors.${code}` : 'disputes.errors.failed', { max: formatMoney(max, language) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="ka-dispute-decision"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend className="ka-label">{t('disputes.decision', { paid: formatMoney(dispute.paidAmount, language), max: formatMoney(max, language) })}</legend>
        <Radio.Group value={outcome} onChange={(event) => setOutcome(event.target.value as DisputeOutcome)}>
          {DISPUTE_OUTCOMES.map((value) => (
            <Radio key={value} value={value} disabled={value !== 'no_refund' && Number(max) <= 0}>
              {t(`disputes.choices.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      </fieldset>
      {outcome === 'partial_refund' ? (
        <>
          <label htmlFor={amountId} className="ka-label">
            {t('disputes.amount', { max: formatMoney(max, language) })}
          </label>
          <Input id={amountId} type="number" inputMode="decimal" min={0.01} max={Number(max)} step={0.01} value={amount} onChange={(event) => setAmount(event.target.value)} dir="ltr" className="ka-dispute-amount" />
        </>
      ) : null}
      <label htmlFor={noteId} className="ka-label">
        {t('disputes.note')}
      </label>
      <Input.TextArea id={noteId} dir="auto" rows={3} value={note} maxLength={DISPUTE_RULES.noteMaxLength} onChange={(event) => setNote(event.target.value)} />
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      <Button type="primary" htmlType="submit" loading={sending}>
        {t('disputes.decide')}
      </Button>
    </form>
  );
}
