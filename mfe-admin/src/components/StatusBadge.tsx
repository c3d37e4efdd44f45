/** How a status reads at a glance; the colours keep AA contrast (antd's tinted tags fall below 4.5:1). */
export type Tone = 'ok' | 'wait' | 'bad' | 'muted' | 'info';

const TONES: Record<string, Tone> = {
  approved: 'ok',
  active: 'ok',
  completed: 'ok',
  paid: 'ok',
  accepted: 'info',
  in_progress: 'info',
  pending: 'wait',
  rejected: 'bad',
  cancelled: 'bad',
  failed: 'bad',
  inactive: 'muted',
  refunded: 'muted',
  // Roles
  admin: 'info',
  provider: 'ok',
  client: 'muted',
};

/** A status (or a role) as a small badge: `status` (or an explicit `tone`) picks the colour, `label` is the translated text. */
export function StatusBadge({
  status,
  label,
  tone,
}: {
  status: string;
  label: string;
  tone?: Tone;
}) {
  return <span className={`ka-badge ka-badge-${tone ?? TONES[status] ?? 'muted'}`}>{label}</span>;
}
