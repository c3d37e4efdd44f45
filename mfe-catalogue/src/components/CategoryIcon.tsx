import { DISPLAY_DEFAULTS } from '@khidma/contracts';
import { CategoryGlyph } from '@khidma/web-kit';

/** The category's icon on a tint of its colour; decorative, the category name is always written beside it. */
export function CategoryIcon({ icon, color, large = false }: { icon?: string; color?: string; large?: boolean }) {
  const tint = color || DISPLAY_DEFAULTS.categoryColor;
  return (
    <span className={large ? 'kc-cat-icon kc-cat-icon-lg' : 'kc-cat-icon'} aria-hidden="true" style={{ color: tint, background: `${tint}1f` }}>
      <CategoryGlyph icon={icon} />
    </span>
  );
}
