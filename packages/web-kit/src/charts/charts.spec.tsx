import { render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { AppProviders } from '../AppProviders.js';
import { i18n, initI18n, registerNamespace } from '../i18n.js';
import { BarChart, type BarChartProps } from './index.js';
import { bandStart, labelEvery, niceTicks } from './scale.js';

registerNamespace('charts-test', async () => ({}));
beforeAll(() => initI18n('charts-test'));
afterEach(() => act(() => i18n.changeLanguage('en')));

describe('scale', () => {
  it('ticks land on round figures from 0 to at least the maximum', () => {
    expect(niceTicks(830)).toEqual([0, 250, 500, 750, 1000]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  });

  it('an all-zero series still gets an axis', () => {
    expect(niceTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });

  it('thins out category labels that would overlap', () => {
    expect(labelEvery(7, 600, 40)).toBe(1);
    expect(labelEvery(31, 600, 40)).toBe(3);
  });

  it('mirrors the bands for right-to-left', () => {
    expect(bandStart(0, 4, 0, 400, false)).toBe(0);
    expect(bandStart(0, 4, 0, 400, true)).toBe(300);
    expect(bandStart(3, 4, 0, 400, true)).toBe(0);
  });
});

const props: BarChartProps = {
  title: 'Earnings this week',
  data: [
    { key: 'mon', label: 'Mon', value: 120, note: '2 bookings' },
    { key: 'tue', label: 'Tue', value: 0, note: '0 bookings' },
    { key: 'wed', label: 'Wed', value: 45.5, note: '1 booking' },
  ],
  formatValue: (v) => `$${v.toFixed(2)}`,
  categoryHeader: 'Day',
  valueHeader: 'Earnings',
  noteHeader: 'Bookings',
  emptyText: 'No earnings yet',
};

const renderChart = (overrides: Partial<BarChartProps> = {}) =>
  render(
    <AppProviders>
      <BarChart {...props} {...overrides} />
    </AppProviders>,
  );

const barX = (bar: Element) => Number(bar.querySelector('rect')?.getAttribute('x'));

describe('BarChart', () => {
  it('gives screen readers a captioned table of the same figures', async () => {
    renderChart();
    const table = await screen.findByRole('table', { name: 'Earnings this week' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DayEarningsBookings', 'Mon$120.002 bookings', 'Tue$0.000 bookings', 'Wed$45.501 booking']);
    expect(screen.getByRole('figure', { name: 'Earnings this week' })).toBeInTheDocument();
    // The drawing itself is hidden from assistive technology: the table says it all.
    expect(document.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws one bar per datum, heights proportional, each with a tooltip', async () => {
    renderChart();
    await screen.findByRole('table');
    const bars = screen.getAllByTestId('chart-bar');
    expect(bars).toHaveLength(3);
    const heights = bars.map((bar) => Number(bar.querySelector('rect')?.getAttribute('height')));
    expect(heights[0]).toBeGreaterThan(heights[2] ?? Infinity);
    expect(heights[1]).toBe(0);
    expect(bars[0]?.querySelector('title')?.textContent).toBe('Mon: $120.00 · 2 bookings');
  });

  it('runs left to right in English and right to left in Arabic', async () => {
    const { unmount } = renderChart();
    await screen.findByRole('table');
    let bars = screen.getAllByTestId('chart-bar');
    expect(barX(bars[0]!)).toBeLessThan(barX(bars[2]!));
    unmount();

    await act(() => i18n.changeLanguage('ar'));
    renderChart();
    await screen.findByRole('table');
    bars = screen.getAllByTestId('chart-bar');
    expect(barX(bars[0]!)).toBeGreaterThan(barX(bars[2]!));
    // The value axis moves to the right-hand side too.
    const tickLabels = [...document.querySelectorAll('svg g > text')].filter((t) => t.getAttribute('text-anchor') === 'start');
    expect(tickLabels.length).toBeGreaterThan(0);
  });

  it('shows the empty text instead of an empty plot', async () => {
    renderChart({ data: [] });
    expect(await screen.findByText('No earnings yet')).toBeInTheDocument();
    expect(document.querySelector('svg')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
