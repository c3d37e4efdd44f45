import type { ReactNode } from 'react';

/** A labelled control with its hint and error; the control gets `describedBy(id, …)` for aria-describedby. */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`kp-field${error ? ' kp-field-invalid' : ''}`}>
      <label htmlFor={id} className="kp-label">
        {label}
        {required ? (
          <span className="kp-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="kp-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="kp-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby for a Field's control: its hint and error, when shown. */
export const describedBy = (id: string, { hint, error }: { hint?: string; error?: string }): string | undefined =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
