import { type RefObject, useEffect } from 'react';

/**
 * While a pop-over of the header (the menu, the notifications panel) is open: Escape closes it and
 * gives focus back to its toggle button, and a press anywhere outside `root` closes it.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  { root, toggle }: { root: RefObject<HTMLElement | null>; toggle: RefObject<HTMLElement | null> },
): void {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggle.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close, root, toggle]);
}
