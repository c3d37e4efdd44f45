import { addCalendarDays } from '@khidma/contracts';
import { DEMO_ACCOUNTS } from './users.js';
import { providerOf } from './providers.js';

export interface DemoSpecialHours {
  id: string;
  providerId: string;
  startDate: string;
  endDate: string;
  opensAt: string | null;
  closesAt: string | null;
  label: string;
}

/**
 * Ramadan by the Umm al-Qura calendar (first and last day; the exact start follows the moon sighting,
 * a provider can move their range). The demo uses the next one that has not ended.
 */
const RAMADANS: readonly [string, string][] = [
  ['2027-02-08', '2027-03-09'],
  ['2028-01-28', '2028-02-25'],
  ['2029-01-16', '2029-02-13'],
  ['2030-01-05', '2030-02-03'],
];

/**
 * The demo provider's declared hours, relative to `today`: Ramadan evenings 20:00–02:00 (slots past
 * midnight belong to the evening before), and Eid al-Fitr's first day closed all day.
 */
export function demoSpecialHours(today: string): DemoSpecialHours[] {
  const [start, end] = RAMADANS.find(([, last]) => last >= today) ?? [addCalendarDays(today, 30), addCalendarDays(today, 59)];
  const providerId = providerOf(DEMO_ACCOUNTS.provider.id).id;
  return [
    { id: 'd0000000-0000-4000-8000-00000000a001', providerId, startDate: start, endDate: end, opensAt: '20:00', closesAt: '02:00', label: 'Ramadan · رمضان' },
    { id: 'd0000000-0000-4000-8000-00000000a002', providerId, startDate: addCalendarDays(end, 1), endDate: addCalendarDays(end, 1), opensAt: null, closesAt: null, label: 'Eid al-Fitr · عيد الفطر' },
  ];
}
