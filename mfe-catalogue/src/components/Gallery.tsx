import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../namespace';
import { CategoryIcon } from './CategoryIcon';

/** The service's photos: the chosen one large, the others as buttons; the category icon when there are none. */
export function Gallery({ images, title, icon, color }: { images: string[]; title: string; icon: string; color: string }) {
  const { t } = useTranslation(NS);
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="kc-gallery-empty">
        <CategoryIcon icon={icon} color={color} large />
      </div>
    );
  }
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className="kc-gallery">
      <img
        className="kc-gallery-main"
        src={current}
        alt={t('detail.imageAlt', { title, n: index + 1 })}
        width={960}
        height={540}
        decoding="async"
      />
      {images.length > 1 ? (
        <ul className="kc-thumbs">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="kc-thumb"
                aria-pressed={i === index}
                aria-label={t('detail.showImage', { n: i + 1 })}
                onClick={() => setIndex(i)}
              >
                <img src={src} alt="" width={72} height={48} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
