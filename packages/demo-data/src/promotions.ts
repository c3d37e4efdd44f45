import { addCalendarDays, type CreatePromoCodeRequest } from '@khidma/contracts';

/** The season a day falls in (northern hemisphere, by month), for the seasonal demo code's name. */
function seasonOf(today: string): 'WINTER' | 'SPRING' | 'SUMMER' | 'AUTUMN' {
  const month = Number(today.slice(5, 7));
  if (month === 12 || month <= 2) return 'WINTER';
  if (month <= 5) return 'SPRING';
  if (month <= 8) return 'SUMMER';
  return 'AUTUMN';
}

/** The welcome code every demo newcomer can use once, on their first paid booking. */
export const WELCOME_PROMO_CODE = 'WELCOME10';

/**
 * The demo's promo codes, relative to the marketplace's `today`: a first-order welcome code and a
 * seasonal one running from two weeks ago to a month ahead (so it is valid whenever the demo is seeded).
 */
export function demoPromoCodes(today: string): CreatePromoCodeRequest[] {
  return [
    {
      code: WELCOME_PROMO_CODE,
      kind: 'percent',
      value: '10',
      firstOrderOnly: true,
      perUserLimit: 1,
    },
    {
      code: `${seasonOf(today)}15`,
      kind: 'percent',
      value: '15',
      minOrderAmount: '30',
      validFrom: addCalendarDays(today, -14),
      validUntil: addCalendarDays(today, 30),
      maxRedemptions: 200,
      perUserLimit: 2,
      categories: ['cleaning', 'maintenance', 'gardening'],
    },
  ];
}
