import { useEffect, useState } from 'react';
import { FileImageOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationDocumentDto } from '@khidma/contracts';
import { NS } from '../namespace';
import { fetchDocument } from '../api';

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; src: string };

/**
 * The image behind the bearer as an object URL (an `<img src>` cannot send the token). The URL is
 * revoked when the thumbnail leaves the page, so decided applications do not keep their images in memory.
 */
function useDocumentUrl(url: string): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    fetchDocument(url, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ status: 'ready', src: objectUrl });
      },
      () => controller.signal.aborted || setLoaded({ status: 'error' }),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return loaded;
}

/** A document of an application as a thumbnail button that opens it larger in a dialog. */
export function DocumentThumb({
  document,
  owner,
}: {
  document: ApplicationDocumentDto;
  owner: string;
}) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const loaded = useDocumentUrl(document.url);
  const name = `${t(`documentKinds.${document.kind}`)} · ${owner}`;

  if (loaded.status !== 'ready') {
    return (
      <figure className="ka-doc">
        <div
          className={`ka-doc-thumb ka-doc-${loaded.status}`}
          role={loaded.status === 'error' ? 'alert' : 'status'}
        >
          <FileImageOutlined aria-hidden="true" />
          <span className="kh-visually-hidden">
            {loaded.status === 'error' ? t('pending.documentFailed') : t('states.loading')}
          </span>
        </div>
        <figcaption>{t(`documentKinds.${document.kind}`)}</figcaption>
      </figure>
    );
  }
  return (
    <figure className="ka-doc">
      <button
        type="button"
        className="ka-doc-thumb"
        onClick={() => setOpen(true)}
        aria-label={t('pending.openDocument', { name })}
      >
        <img src={loaded.src} alt="" />
      </button>
      <figcaption>{t(`documentKinds.${document.kind}`)}</figcaption>
      <Modal
        open={open}
        title={name}
        footer={null}
        onCancel={() => setOpen(false)}
        width={720}
        closable={{ 'aria-label': t('pending.close') }}
      >
        <img className="ka-doc-large" src={loaded.src} alt={name} />
      </Modal>
    </figure>
  );
}
