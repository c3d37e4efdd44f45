import { create } from 'zustand';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  type: ToastType;
  content: string;
}

/**
 * The page's one toast channel (spec §9: one at a time, 5 s). It lives outside any page so a toast
 * raised just before navigating ("Welcome back", then to /) survives the page that raised it;
 * `<Toaster />` in the app frame shows it.
 */
export const useToasts = create<{ current: Toast | null }>()(() => ({ current: null }));

let lastId = 0;

/** Shows `content` (already translated) as a toast; a newer toast replaces the shown one. */
export function showToast(type: ToastType, content: string): void {
  lastId += 1;
  useToasts.setState({ current: { id: lastId, type, content } });
}
