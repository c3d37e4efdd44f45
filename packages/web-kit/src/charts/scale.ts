/**
 * "Nice" value-axis ticks from 0 to at least `max`: steps of 1, 2, 2.5 or 5 times a power of ten,
 * so grid lines fall on round figures. Always `count + 1` ticks; an all-zero series gets 0..count.
 */
export function niceTicks(max: number, count = 4): number[] {
  const safeMax = Number.isFinite(max) && max > 0 ? max : count;
  const rough = safeMax / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s * count >= safeMax) ?? 10 * power;
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** Every how many bars a category label fits, given the room per bar and per label. */
export function labelEvery(bars: number, plotWidth: number, minLabelWidth: number): number {
  if (bars <= 0) return 1;
  const fit = Math.max(1, Math.floor(plotWidth / minLabelWidth));
  return Math.max(1, Math.ceil(bars / fit));
}

/** Left edge of bar `index` of `bars` in a plot from `left` to `right`; mirrored for right-to-left. */
export function bandStart(index: number, bars: number, left: number, right: number, rtl: boolean): number {
  const band = (right - left) / bars;
  return rtl ? right - (index + 1) * band : left + index * band;
}
