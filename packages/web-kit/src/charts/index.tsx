import { Suspense, lazy } from 'react';
import type { BarChartProps } from './types.js';

export type { BarChartProps, BarDatum } from './types.js';

// The drawing code is its own chunk: pages import this entry and pay for the chart only when it renders.
const LazyBarChart = lazy(() => import('./BarChart.js'));

/**
 * An accessible SVG bar chart (`@khidma/web-kit/charts`): a captioned figure, bars with tooltips,
 * a value axis with round ticks, mirrored for right-to-left, and a table of the same figures for
 * screen readers. Depends on React and react-i18next only (both shared singletons).
 */
export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<div style={{ minBlockSize: (props.height ?? 240) + 48 }} aria-busy="true" />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}
