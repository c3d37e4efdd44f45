import type { MouseEvent, ReactNode } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage, formatNumber } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Pages shown on each side of the current one; "•••" jumps this many pages. */
const AROUND = 2;
const JUMP = 5;

type Item = { kind: 'page'; page: number } | { kind: 'jump'; page: number; back: boolean };

/**
 * Which pages to show, as antd's Pagination does: the first and the last, the current one with two
 * on each side (five at either end of the range), and a "•••" jump over each gap of two or more.
 */
export function pagerItems(current: number, last: number): Item[] {
  if (last <= 2 * AROUND + 3) return Array.from({ length: last }, (_, i) => ({ kind: 'page', page: i + 1 }));
  let from = Math.max(2, current - AROUND);
  let to = Math.min(last - 1, current + AROUND);
  if (current - 1 <= AROUND) to = 2 * AROUND + 1;
  if (last - current <= AROUND) from = last - 2 * AROUND;
  const items: Item[] = [{ kind: 'page', page: 1 }];
  if (from > 3) items.push({ kind: 'jump', page: Math.max(1, current - JUMP), back: true });
  else if (from === 3) items.push({ kind: 'page', page: 2 });
  for (let page = from; page <= to; page += 1) items.push({ kind: 'page', page });
  if (to < last - 2) items.push({ kind: 'jump', page: Math.min(last, current + JUMP), back: false });
  else if (to === last - 2) items.push({ kind: 'page', page: last - 1 });
  items.push({ kind: 'page', page: last });
  return items;
}

/**
 * Page links of a long list, without antd: every page, "•••" jump, previous and next is a real link to
 * its URL (crawlers follow it, a middle-click opens it in a tab); a plain click calls `onChange`.
 * Hidden when everything fits on one page.
 */
export function Pager({
  current,
  pageSize,
  total,
  hrefOf,
  onChange,
  label,
}: {
  current: number;
  pageSize: number;
  total: number;
  hrefOf: (page: number) => string;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;

  const link = (page: number) => ({
    href: hrefOf(page),
    onClick: (event: MouseEvent) => {
      // Modified clicks keep the browser's own meaning (new tab, new window).
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      onChange(page);
    },
  });
  const step = (page: number, name: string, icon: ReactNode) =>
    page < 1 || page > last ? (
      <span className="kc-pager-item kc-pager-step" aria-disabled="true" aria-label={name} role="link">
        {icon}
      </span>
    ) : (
      <a className="kc-pager-item kc-pager-step" aria-label={name} {...link(page)}>
        {icon}
      </a>
    );

  return (
    <nav className="kc-pages" aria-label={label}>
      <ul className="kc-pager">
        <li>{step(current - 1, t('pages.previous'), <LeftOutlined aria-hidden="true" className="kc-flip" />)}</li>
        {pagerItems(current, last).map((item) => (
          <li key={item.kind === 'page' ? item.page : item.back ? 'back' : 'forward'}>
            {item.kind === 'page' ? (
              <a
                className="kc-pager-item kc-pager-page"
                aria-current={item.page === current ? 'page' : undefined}
                {...link(item.page)}
              >
                {formatNumber(item.page, language)}
              </a>
            ) : (
              <a className="kc-pager-item kc-pager-jump" aria-label={t(item.back ? 'pages.jumpBack' : 'pages.jumpForward', { pages: formatNumber(JUMP, language) })} {...link(item.page)}>
                <span aria-hidden="true">•••</span>
              </a>
            )}
          </li>
        ))}
        <li>{step(current + 1, t('pages.next'), <RightOutlined aria-hidden="true" className="kc-flip" />)}</li>
      </ul>
    </nav>
  );
}
