const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus (or minus) `days` calendar days: zone-free, the date is already the marketplace's. */
export const addCalendarDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
