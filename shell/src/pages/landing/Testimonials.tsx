import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TESTIMONIAL_ROTATION_MS } from '@khidma/contracts';

interface Testimonial {
  name: string;
  role: string;
  content: string;
  rating: number;
}

/** Static sample testimonials (locale files) rotating every 5 s; the dots pick one directly. */
export function Testimonials() {
  const { t } = useTranslation();
  const items = t('landing.testimonials.items', { returnObjects: true }) as Testimonial[];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), TESTIMONIAL_ROTATION_MS);
    return () => clearInterval(timer);
  }, [paused, items.length, index]);

  const current = items[index % items.length];
  if (!current) return null;
  return (
    <section
      className="kh-testimonials"
      aria-labelledby="testimonials-title"
      aria-roledescription={t('landing.testimonials.carousel')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <h2 id="testimonials-title" className="kh-section-title">
        {t('landing.testimonials.title')}
      </h2>
      <figure className="kh-testimonial" data-testid="testimonial">
        <div className="kh-rating" role="img" aria-label={t('landing.testimonials.rating', { rating: current.rating })}>
          {'★'.repeat(current.rating)}
        </div>
        <blockquote>{current.content}</blockquote>
        <figcaption>
          <span className="kh-avatar" aria-hidden="true">
            {current.name.charAt(0)}
          </span>
          <span>
            <strong>{current.name}</strong>
            <br />
            {current.role}
          </span>
        </figcaption>
      </figure>
      <div className="kh-dots">
        {items.map((item, i) => (
          <button
            key={item.name}
            type="button"
            aria-label={t('landing.testimonials.show', { n: i + 1, name: item.name })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
