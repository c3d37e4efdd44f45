import { cloneElement, useId, type ReactElement } from 'react';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A labelled form control with its hint and error. The error is announced (role="alert") when it
 * appears, and the control points at both texts, so screen readers read them with the field.
 */
export function Field({
  label,
  error,
  hint,
  required,
  children,
}: {
  label: string;
  error?: string | null;
  hint?: string | null;
  required?: boolean;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`kb-field${error ? ' kb-field-invalid' : ''}`}>
      <label htmlFor={id} className="kb-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {cloneElement(children, { id, 'aria-invalid': !!error, 'aria-describedby': describedBy, 'aria-required': required })}
      {hint ? (
        <p id={hintId} className="kb-hint">
          {hint}
        </p>
      ) : null}
      <div className="kb-error-slot">
        {error ? (
          <p id={errorId} className="kb-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
