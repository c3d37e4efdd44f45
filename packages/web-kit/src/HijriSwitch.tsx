import { useId } from 'react';
import { setShowHijri, useShowHijri } from './hijri.js';

/**
 * "Show Hijri dates": a native checkbox styled as a switch (role="switch"), so it is labelled,
 * reached with Tab and toggled with Space like any checkbox. The label comes from the caller's locale.
 */
export function HijriSwitch({ label }: { label: string }) {
  const id = useId();
  const on = useShowHijri();
  return (
    <span className="kh-hijri">
      <input id={id} type="checkbox" role="switch" checked={on} onChange={(event) => setShowHijri(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </span>
  );
}
