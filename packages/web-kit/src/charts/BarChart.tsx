import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bandStart, labelEvery, niceTicks } from './scale.js';
import type { BarChartProps } from './types.js';

const DEFAULT_WIDTH = 640;
const AXIS_FONT = 12;
const LABEL_ROOM = 28;
const TOP_ROOM = 8;
const TICK_GAP = 6;
/** Roughly one character of the 12 px axis font; sizes the value axis without measuring text. */
const CHAR_WIDTH = 7;

/** Follows the container's width, so text keeps its size instead of being scaled with a viewBox. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.round(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export default function BarChart({
  title,
  data,
  formatValue,
  formatTick = formatValue,
  categoryHeader,
  valueHeader,
  noteHeader,
  emptyText,
  height = 240,
  color = '#0f766e',
  direction,
  hideTitle = false,
}: BarChartProps) {
  const { i18n } = useTranslation();
  // i18next knows which languages are right-to-left; outside a provider, fall back to left-to-right.
  const rtl = (direction ?? i18n?.dir?.()) === 'rtl';
  const captionId = useId();
  const { ref, width } = useWidth();

  const ticks = niceTicks(Math.max(0, ...data.map((d) => d.value)));
  const top = ticks[ticks.length - 1] ?? 1;
  const axisWidth = Math.max(...ticks.map((t) => formatTick(t).length)) * CHAR_WIDTH + TICK_GAP * 2;
  const plotLeft = rtl ? 4 : axisWidth;
  const plotRight = rtl ? width - axisWidth : width - 4;
  const plotBottom = height - LABEL_ROOM;
  const y = (value: number) => plotBottom - (Math.max(0, value) / top) * (plotBottom - TOP_ROOM);
  const band = data.length > 0 ? (plotRight - plotLeft) / data.length : 0;
  const barWidth = Math.max(2, Math.min(48, band * 0.7));
  const every = labelEvery(data.length, plotRight - plotLeft, Math.max(40, ...data.map((d) => d.label.length * CHAR_WIDTH + 8)));
  const tickX = rtl ? plotRight + TICK_GAP : plotLeft - TICK_GAP;

  return (
    <figure className="kh-chart" aria-labelledby={captionId} style={{ margin: 0 }}>
      <figcaption id={captionId} className={hideTitle ? 'kh-visually-hidden' : undefined} style={{ fontWeight: 600, marginBlockEnd: 8 }}>
        {title}
      </figcaption>
      <div ref={ref} style={{ inlineSize: '100%' }}>
        {data.length === 0 ? (
          <p style={{ minBlockSize: height, margin: 0, display: 'grid', placeItems: 'center', color: '#52606d' }}>{emptyText}</p>
        ) : (
          // Drawn in our own (mirrored) coordinates, so the SVG's text direction stays left-to-right.
          <svg width={width} height={height} aria-hidden="true" style={{ display: 'block', direction: 'ltr' }} fontSize={AXIS_FONT}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={plotLeft} x2={plotRight} y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? '#9aa5b1' : '#e4e7eb'} />
                <text x={tickX} y={y(tick)} dy="0.32em" textAnchor={rtl ? 'start' : 'end'} fill="#52606d">
                  {formatTick(tick)}
                </text>
              </g>
            ))}
            {data.map((datum, index) => {
              const x = bandStart(index, data.length, plotLeft, plotRight, rtl);
              const barTop = y(datum.value);
              const center = x + band / 2;
              return (
                <g key={datum.key} data-testid="chart-bar">
                  <rect x={center - barWidth / 2} y={barTop} width={barWidth} height={Math.max(0, plotBottom - barTop)} rx={3} fill={color}>
                    <title>{`${datum.label}: ${formatValue(datum.value)}${datum.note ? ` · ${datum.note}` : ''}`}</title>
                  </rect>
                  {index % every === 0 ? (
                    <text x={center} y={plotBottom + 18} textAnchor="middle" fill="#52606d">
                      {datum.label}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        )}
      </div>
      {data.length > 0 ? (
        <table className="kh-visually-hidden">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryHeader}</th>
              <th scope="col">{valueHeader}</th>
              {noteHeader ? <th scope="col">{noteHeader}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.map((datum) => (
              <tr key={datum.key}>
                <th scope="row">{datum.label}</th>
                <td>{formatValue(datum.value)}</td>
                {noteHeader ? <td>{datum.note ?? ''}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </figure>
  );
}
