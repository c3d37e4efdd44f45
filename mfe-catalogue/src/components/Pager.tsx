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
 * The pages of a long list, without antd, hidden when everything fits on one page. With `hrefOf` every
 * page, "•••" jump, previous and next is a real link to its URL (crawlers follow it, a middle-click
 * opens it in a tab) and a plain click calls `onChange`; without it (pages not in the URL) they are buttons.
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
  hrefOf?: (page: number) => string;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;

  const to = (page: number, className: string, content: ReactNode, props: { 'aria-label'?: string; 'aria-current'?: 'page' }) => {
    if (page < 1 || page > last) {
      return (
        <span className={className} aria-disabled="true" role={hrefOf ? 'link' : 'button'} {...props}>
          {content}
        </span>
      );
    }
    if (!hrefOf) {
      return (
        <button type="button" className={className} onClick={() => onChange(page)} {...props}>
          {content}
        </button>
      );
    }
    const onClick = (event: MouseEvent) => {
      // Modified clicks keep the browser's own meaning (new tab, new window).
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      onChange(page);
    };
    return (
      <a className={className} href={hrefOf(page)} onClick={onClick} {...props}>
        {content}
      </a>
    );
  };
  const step = 'kc-pager-item kc-pager-step';

  return (
    <nav className="kc-pages" aria-label={label}>
      <ul className="kc-pager">
        <li>{to(current - 1, step, <LeftOutlined aria-hidden="true" className="kc-flip" />, { 'aria-label': t('pages.previous') })}</li>
        {pagerItems(current, last).map((item) => (
          <li key={item.kind === 'page' ? item.page : item.back ? 'back' : 'forward'}>
            {item.kind === 'page'
              ? to(item.page, 'kc-pager-item kc-pager-page', formatNumber(item.page, language), {
                  'aria-current': item.page === current ? 'page' : undefined,
                })
              : to(item.page, 'kc-pager-item kc-pager-jump', <span aria-hidden="true">•••</span>, {
                  'aria-label': t(item.back ? 'pages.jumpBack' : 'pages.jumpForward', { pages: formatNumber(JUMP, language) }),
                })}
          </li>
        ))}
        <li>{to(current + 1, step, <RightOutlined aria-hidden="true" className="kc-flip" />, { 'aria-label': t('pages.next') })}</li>
      </ul>
    </nav>
  );
}
