/** One bar: `label` is shown under it (already localized), `value` sets its height. */
export interface BarDatum {
  key: string;
  label: string;
  value: number;
  /** Extra text for the tooltip and the table's third column, e.g. "3 bookings". */
  note?: string;
}

export interface BarChartProps {
  /** Visible caption; also the accessible name of the figure and the table's caption. */
  title: string;
  data: readonly BarDatum[];
  /** Values in the tooltip and the table, e.g. `(v) => formatMoney(v, language)`. */
  formatValue: (value: number) => string;
  /** Value-axis ticks; defaults to `formatValue`. */
  formatTick?: (value: number) => string;
  /** Column headers of the screen-reader table. */
  categoryHeader: string;
  valueHeader: string;
  noteHeader?: string;
  /** Shown instead of the chart when `data` is empty. */
  emptyText: string;
  /** Plot height in CSS pixels (default 240). */
  height?: number;
  /** Bar colour (default the brand teal, AA on white). */
  color?: string;
  /** Defaults to the shared i18n language's direction: in RTL the first bar is on the right, the value axis too. */
  direction?: 'ltr' | 'rtl';
  /** Keep the caption for screen readers only (when the page already shows a heading). */
  hideTitle?: boolean;
}
