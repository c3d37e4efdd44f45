import { useId, useState, type ChangeEvent } from 'react';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPLOADS } from '@khidma/contracts';
import { currentLanguage, formatNumber } from '@khidma/web-kit';
import { NS } from '../namespace';
import { shrinkImage, type ShrunkImage } from '../lib/images';
import { useImageCodec } from './codec';

const kb = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * One picture of the application: choose a file, it is shrunk in the browser (spec §9) and shown
 * as a preview with a Remove button; a picture still too large after shrinking is refused here.
 */
export function ImageField({
  label,
  image,
  onChange,
  invalid,
}: {
  label: string;
  image: ShrunkImage | null;
  onChange: (image: ShrunkImage | null) => void;
  /** Marked by the form's check (e.g. "ID Card Required"). */
  invalid?: boolean;
}) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const codec = useImageCodec();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Let the same file be chosen again after a removal.
    input.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    const result = await shrinkImage(file, codec);
    setBusy(false);
    if (result.ok) {
      onChange(result.image);
    } else if (result.reason === 'image_too_large') {
      setError(
        t('signup.images.tooLarge', {
          name: file.name,
          size: formatNumber(kb(result.bytes ?? 0), language),
          limit: formatNumber(kb(UPLOADS.maxImageBytes), language),
        }),
      );
    } else {
      setError(t('signup.images.invalid', { name: file.name }));
    }
  };

  const errorId = `${id}-error`;
  return (
    <div className={`kp-image-field${invalid || error ? ' kp-field-invalid' : ''}`}>
      <span className="kp-label" id={`${id}-label`}>
        {label}
      </span>
      {image ? (
        <figure className="kp-preview">
          <img src={image.dataUrl} alt={t('signup.images.previewAlt', { label })} width={image.width} height={image.height} />
          <figcaption>
            {t('signup.images.size', {
              width: formatNumber(image.width, language),
              height: formatNumber(image.height, language),
              size: formatNumber(kb(image.bytes), language),
            })}
          </figcaption>
          <Button icon={<DeleteOutlined aria-hidden="true" />} onClick={() => onChange(null)} aria-label={t('signup.images.removeLabel', { label })}>
            {t('signup.images.remove')}
          </Button>
        </figure>
      ) : (
        <label className="kp-drop" aria-busy={busy}>
          <UploadOutlined aria-hidden="true" />
          <span>{busy ? t('signup.images.shrinking') : t('signup.images.choose')}</span>
          <input
            type="file"
            accept="image/*"
            className="kh-visually-hidden"
            aria-label={label}
            aria-invalid={invalid || error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={busy}
            onChange={(event) => void choose(event)}
          />
        </label>
      )}
      {error ? (
        <p id={errorId} className="kp-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
