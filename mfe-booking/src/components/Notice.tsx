import type { ReactNode } from 'react';

/**
 * A page's whole-body message in place of its content (sign in, not found, failed, nothing here) with
 * what to do next. `level` is 1 where the page shows no header of its own above it.
 */
export function Notice({
  title,
  text,
  level = 2,
  role = 'alert',
  children,
}: {
  title: string;
  text: string;
  level?: 1 | 2;
  role?: 'alert' | 'status' | null;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="kb-state" role={role ?? undefined}>
      <Heading>{title}</Heading>
      <p>{text}</p>
      {children}
    </div>
  );
}
