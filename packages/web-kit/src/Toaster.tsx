import { Suspense, lazy, useState } from 'react';
import { useToasts } from './toast.js';

// antd (and its message API) loads only once the first toast is raised, keeping it off the landing page.
const ToastOutlet = lazy(() => import('./ToastOutlet.js'));

/** Shows the toasts of `showToast`. Put it once in the app frame, outside the routes. */
export function Toaster() {
  const current = useToasts((s) => s.current);
  // Stays mounted after the first toast: unmounting would cut a shown toast's 5 s short.
  const [needed, setNeeded] = useState(false);
  if (current && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastOutlet />
    </Suspense>
  ) : null;
}
