import type { ComponentType } from 'react';
import {
  BgColorsOutlined,
  BookOutlined,
  BuildOutlined,
  CarOutlined,
  ClearOutlined,
  HeartOutlined,
  LaptopOutlined,
  SunOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  TrophyOutlined,
  TruckOutlined,
} from '@ant-design/icons';
import { DISPLAY_DEFAULTS } from '@khidma/contracts';

// Categories name a lucide-style icon (`icon` of ServiceCategoryDto); every app draws it with the
// same antd SVG icon, so no icon font or emoji font is needed.
const CATEGORY_ICONS: Record<string, ComponentType> = {
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

/** The icon of a category's `icon` name; unknown or missing names get the spec's default, the wrench. */
export function CategoryGlyph({ icon }: { icon?: string | null }) {
  const Glyph = CATEGORY_ICONS[icon ?? DISPLAY_DEFAULTS.categoryIcon] ?? ToolOutlined;
  return <Glyph />;
}
