import { StarFilled } from '@ant-design/icons';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A review's whole stars, filled up to `rating`, as one labelled image. Plain icons, not antd's
 * read-only Rate, which still renders focusable radios inside the labelled image.
 */
export function StarRow({ rating, label, className, as: Tag = 'span' }: { rating: number; label: string; className?: string; as?: 'span' | 'p' }) {
  return (
    <Tag role="img" aria-label={label} className={className}>
      {STARS.map((stars) => (
        <StarFilled key={stars} aria-hidden="true" className={stars <= rating ? 'kh-star-on' : 'kh-star-off'} />
      ))}
    </Tag>
  );
}
