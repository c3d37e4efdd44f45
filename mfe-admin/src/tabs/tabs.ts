/** The panel's tabs, in the order shown; `?tab=` picks one (spec §2), dashboard by default. */
export const ADMIN_TABS = [
  'dashboard',
  'pending',
  'users',
  'providers',
  'services',
  'bookings',
  'reported',
  'reviews',
  'disputes',
  'promos',
  'audit',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const isAdminTab = (value: string | null): value is AdminTab =>
  (ADMIN_TABS as readonly (string | null)[]).includes(value);
