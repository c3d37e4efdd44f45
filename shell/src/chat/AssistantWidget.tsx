import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const AssistantPanel = lazy(() => import('./AssistantPanel'));

/** Floating assistant (bottom end corner, so it mirrors in RTL) with a small chat panel. */
export function AssistantWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The panel's code is fetched on the first open; from then on it stays mounted and keeps the conversation.
  const [started, setStarted] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const openPanel = () => {
    setStarted(true);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      {started ? (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        className="kh-widget-toggle"
        aria-expanded={open}
        aria-label={t(open ? 'chat.close' : 'chat.open')}
        onClick={open ? close : openPanel}
      >
        {open ? <CloseOutlined aria-hidden="true" /> : <MessageOutlined aria-hidden="true" />}
      </button>
    </>
  );
}
