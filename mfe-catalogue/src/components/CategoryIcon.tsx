import type { ComponentType } from 'react';
import {
  BgColorsOutlined,
  BookOutlined,
  CarOutlined,
  ClearOutlined,
  HeartOutlined,
  LaptopOutlined,
  SunOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  TrophyOutlined,
  TruckOutlined,
  BuildOutlined,
} from '@ant-design/icons';
import { DISPLAY_DEFAULTS } from '@khidma/contracts';

// Categories name a lucide icon (`icon` of ServiceCategoryDto); drawn with the antd SVG icons the
// apps already ship. Unknown names get the spec's default, the wrench.
const ICONS: Record<string, ComponentType> = {
  sparkles: ClearOutlined,
  wrench: ToolOutlined,
  zap: ThunderboltOutlined,
  truck: TruckOutlined,
  hammer: BuildOutlined,
  paintbrush: BgColorsOutlined,
  leaf: SunOutlined,
  'graduation-cap': BookOutlined,
  car: CarOutlined,
  'paw-print': HeartOutlined,
  dumbbell: TrophyOutlined,
  laptop: LaptopOutlined,
};

/** The category's icon on a tint of its colour; decorative, the category name is always written beside it. */
export function CategoryIcon({ icon, color, large = false }: { icon?: string; color?: string; large?: boolean }) {
  const Icon = ICONS[icon ?? DISPLAY_DEFAULTS.categoryIcon] ?? ToolOutlined;
  const tint = color || DISPLAY_DEFAULTS.categoryColor;
  return (
    <span className={large ? 'kc-cat-icon kc-cat-icon-lg' : 'kc-cat-icon'} aria-hidden="true" style={{ color: tint, background: `${tint}1f` }}>
      <Icon />
    </span>
  );
}
