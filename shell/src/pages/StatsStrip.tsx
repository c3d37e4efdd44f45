/** A row of headline figures (landing and About hero). */
export function StatsStrip({ label, stats }: { label: string; stats: ReadonlyArray<readonly [string, string]> }) {
  return (
    <section className="kh-stats" aria-label={label}>
      <dl>
        {stats.map(([value, name]) => (
          <div key={name} className="kh-stat">
            <dt>{name}</dt>
            <dd dir="ltr">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
