import { demoSpecialHours } from '@khidma/demo-data';
import { type DataSource, In } from 'typeorm';
import { ProviderSpecialHours } from '../regional/provider-special-hours.entity.js';

/**
 * The demo provider's declared Ramadan and Eid hours (demo-data's regional.ts), relative to `today`.
 * Written once by fixed id: a later run leaves them (and any change made in the dashboard) alone.
 */
export async function seedSpecialHours(dataSource: DataSource, today: string): Promise<{ created: number }> {
  const rows = demoSpecialHours(today);
  const repository = dataSource.getRepository(ProviderSpecialHours);
  const present = new Set((await repository.findBy({ id: In(rows.map((row) => row.id)) })).map((row) => row.id));
  const missing = rows.filter((row) => !present.has(row.id));
  if (missing.length) await repository.insert(missing);
  return { created: missing.length };
}
