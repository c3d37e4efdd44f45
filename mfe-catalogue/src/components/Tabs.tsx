import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { currentLanguage, directionOf } from '@khidma/web-kit';

export interface TabItem {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * Tabs without antd, with the WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys (mirrored
 * in right-to-left pages), Home and End move between tabs and show the one they reach. Only the shown
 * panel is rendered.
 */
export function Tabs({ items }: { items: TabItem[] }) {
  const [active, setActive] = useState(items[0]?.key);
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const id = useId();
  const rtl = directionOf(currentLanguage()) === 'rtl';
  const shown = items.find((item) => item.key === active) ?? items[0];
  if (!shown) return null;

  const show = (index: number) => {
    const item = items[(index + items.length) % items.length]!;
    setActive(item.key);
    tabs.current.get(item.key)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const to = { [forward]: index + 1, [back]: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to);
  };

  return (
    <div className="kc-tabs">
      <div role="tablist" className="kc-tablist">
        {items.map((item, index) => {
          const selected = item.key === shown.key;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) tabs.current.set(item.key, element);
                else tabs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              // Only the shown panel exists to point at.
              aria-controls={selected ? `${id}-panel-${item.key}` : undefined}
              tabIndex={selected ? 0 : -1}
              className="kc-tab"
              onClick={() => setActive(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel-${shown.key}`} aria-labelledby={`${id}-tab-${shown.key}`} tabIndex={0} className="kc-tabpanel">
        {shown.children}
      </div>
    </div>
  );
}
