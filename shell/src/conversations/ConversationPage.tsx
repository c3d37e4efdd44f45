import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_RULES, type ConversationMessageDto } from '@khidma/contracts';
import { apiBlob, currentLanguage, Link, Navigate, onConversationChanged, PageHeader, Spinner, useDateFormat, useLoad, useLocation, useNotificationSync, useSession } from '@khidma/web-kit';
import { conversationErrorKey, conversationsApi } from './api';
import { counterpartName } from './names';
import { refreshConversationUnread } from './unread';
import './conversations.css';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/** A file as the base64 data URL the API takes. */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * /chat?provider=…[&booking=…]: the caller's conversation with the provider, about the booking (or a
 * pre-booking enquiry). Opened on the server, kept live by the notification stream, marked read while shown.
 */
interface Target {
  providerId: string;
  bookingId: string | null;
  /** An existing conversation (an enquiry, as its provider opens it from the inbox or a notification). */
  conversationId: string | null;
}

export default function ConversationPage(target: Target) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <Spinner />;
  if (status !== 'authenticated') {
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return <SignedInConversation {...target} />;
}

function SignedInConversation({ providerId, bookingId, conversationId }: Target) {
  useNotificationSync();
  const { t } = useTranslation();
  const language = currentLanguage();
  // A named conversation is read as it is; otherwise the booking's thread or the enquiry is opened (made if new).
  const opened = useLoad(conversationId ? null : `open|${providerId}|${bookingId ?? ''}`, () =>
    conversationsApi.open({ providerId, ...(bookingId && { bookingId }) }),
  );
  const id = conversationId ?? (opened.state.status === 'ready' ? opened.state.data.id : null);
  const thread = useLoad(id && `messages|${id}`, () => conversationsApi.messages(id!));
  const { reload, update } = thread;
  const page = thread.state.status === 'ready' ? thread.state.data : null;

  useEffect(() => {
    if (!id) return;
    return onConversationChanged((changed) => {
      if (changed === null || changed === id) reload();
    });
  }, [id, reload]);

  // What arrived is read once it is on screen (not while the tab is in the background).
  const unreadShown = Boolean(page?.messages.some((m) => !m.mine && m.state !== 'read'));
  useEffect(() => {
    if (!id || !unreadShown || document.visibilityState !== 'visible') return;
    void conversationsApi.read(id).then(refreshConversationUnread, () => undefined);
  }, [id, unreadShown, page]);

  const failure = opened.state.status === 'error' ? opened.state.error : thread.state.status === 'error' ? thread.state.error : null;
  if (failure && !page) {
    return (
      <div className="kh-page">
        <p role="alert" className="kh-card kh-conv-empty">
          {t(conversationErrorKey(failure))}
        </p>
        <Link to="/messages">{t('conversations.backToInbox')}</Link>
      </div>
    );
  }
  if (!page) return <Spinner />;
  const { conversation, messages } = page;
  const name = counterpartName(conversation, language);
  return (
    <div className="kh-page kh-conv-page">
      <PageHeader
        title={t('conversations.with', { name })}
        subtitle={
          conversation.bookingNumber ? t('conversations.aboutBooking', { number: conversation.bookingNumber }) : t('conversations.enquiry')
        }
      />
      <p className="kh-conv-nav">
        <Link to="/messages">{t('conversations.backToInbox')}</Link>
        {conversation.bookingId && conversation.mySide === 'client' ? (
          <Link to={`/my-bookings/${encodeURIComponent(conversation.bookingId)}`}>{t('conversations.viewBooking')}</Link>
        ) : null}
      </p>
      <div role="log" aria-live="polite" aria-label={t('conversations.log', { name })}>
        {messages.length === 0 ? <p className="kh-conv-empty">{t('conversations.noMessages')}</p> : null}
        <ol className="kh-conv-log" data-testid="conversation-log">
          {messages.map((message) => (
            <MessageItem key={message.id} conversationId={conversation.id} message={message} name={name} onReported={reload} />
          ))}
        </ol>
      </div>
      {conversation.readOnly ? (
        <p className="kh-card kh-conv-readonly">{t('conversations.readOnly')}</p>
      ) : (
        <Composer
          conversationId={conversation.id}
          onSent={(sent) => update((current) => ({ ...current, messages: [...current.messages.filter((m) => m.id !== sent.id), sent] }))}
        />
      )}
    </div>
  );
}

function MessageItem({
  conversationId,
  message,
  name,
  onReported,
}: {
  conversationId: string;
  message: ConversationMessageDto;
  name: string;
  onReported: () => void;
}) {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = `kh-report-${message.id}`;

  const report = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await conversationsApi.report(conversationId, message.id, reason);
      setReporting(false);
      onReported();
    } catch (failure) {
      setError(conversationErrorKey(failure));
    }
  };

  return (
    <li className={`kh-conv-msg ${message.mine ? 'kh-conv-mine' : 'kh-conv-theirs'}`}>
      <span className="kh-visually-hidden">{message.mine ? t('conversations.you') : name}: </span>
      {message.hidden ? (
        <em className="kh-conv-hidden">{t('conversations.hidden')}</em>
      ) : (
        <>
          {message.imageUrl ? <MessagePhoto url={message.imageUrl} /> : null}
          {message.text ? (
            <p className="kh-conv-text" dir="auto">
              {message.text}
            </p>
          ) : null}
        </>
      )}
      <span className="kh-conv-meta">
        <time dateTime={message.createdAt}>{formatDate(message.createdAt, { dateStyle: 'short', timeStyle: 'short' })}</time>
        {message.mine ? <span className={`kh-conv-state kh-conv-state-${message.state}`}>{t(`conversations.state.${message.state}`)}</span> : null}
        {!message.mine && !message.hidden ? (
          message.reportedByMe ? (
            <span>{t('conversations.reported')}</span>
          ) : (
            <button type="button" className="kh-conv-link" aria-expanded={reporting} onClick={() => setReporting((open) => !open)}>
              {t('conversations.report')}
            </button>
          )
        ) : null}
      </span>
      {reporting ? (
        <form className="kh-conv-report" onSubmit={(event) => void report(event)}>
          <label htmlFor={reasonId}>{t('conversations.reportReason')}</label>
          <input
            id={reasonId}
            value={reason}
            maxLength={CONVERSATION_RULES.maxReportReasonLength}
            required
            onChange={(event) => setReason(event.target.value)}
          />
          <button type="submit" className="kh-btn kh-btn-outline">
            {t('conversations.sendReport')}
          </button>
          {error ? <span role="alert">{t(error)}</span> : null}
        </form>
      ) : null}
    </li>
  );
}

/** A message photo: fetched with the bearer (an <img src> cannot send it) and shown through an object URL. */
function MessagePhoto({ url }: { url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let stale = false;
    apiBlob(url).then(
      (blob) => {
        if (stale) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => undefined,
    );
    return () => {
      stale = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? <img className="kh-conv-photo" src={src} alt={t('conversations.photo')} /> : <span>{t('conversations.photo')}</span>;
}

function Composer({ conversationId, onSent }: { conversationId: string; onSent: (message: ConversationMessageDto) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && !photo) {
      setError('conversations.errors.message_empty');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const sent = await conversationsApi.send(conversationId, {
        ...(text.trim() && { text }),
        ...(photo && { image: await readAsDataUrl(photo) }),
      });
      onSent(sent);
      setText('');
      setPhoto(null);
      if (fileRef.current) fileRef.current.value = '';
    } catch (failure) {
      setError(conversationErrorKey(failure));
    } finally {
      setSending(false);
      textRef.current?.focus();
    }
  };

  return (
    <form className="kh-conv-composer" onSubmit={(event) => void submit(event)}>
      <label htmlFor="kh-conv-text" className="kh-visually-hidden">
        {t('conversations.inputLabel')}
      </label>
      <textarea
        id="kh-conv-text"
        ref={textRef}
        dir="auto"
        rows={2}
        value={text}
        maxLength={CONVERSATION_RULES.maxTextLength}
        placeholder={t('conversations.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter starts a new line.
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <div className="kh-conv-composer-actions">
        <label className="kh-btn kh-btn-outline kh-conv-attach">
          {photo ? t('conversations.photoChosen', { name: photo.name }) : t('conversations.attach')}
          <input
            ref={fileRef}
            type="file"
            accept={PHOTO_TYPES}
            className="kh-visually-hidden"
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" className="kh-btn kh-btn-primary" disabled={sending}>
          {t('conversations.send')}
        </button>
      </div>
      {error ? (
        <p role="alert" className="kh-conv-error">
          {t(error)}
        </p>
      ) : null}
    </form>
  );
}
