import { demoPromoCodes, WELCOME_PROMO_CODE } from './promotions.js';

describe('demo promo codes', () => {
  it('a first-order welcome code and a seasonal code named for the season, valid from two weeks ago to a month ahead', () => {
    const [welcome, seasonal] = demoPromoCodes('2026-11-26');
    expect(welcome).toMatchObject({ code: WELCOME_PROMO_CODE, kind: 'percent', firstOrderOnly: true, perUserLimit: 1 });
    expect(seasonal).toMatchObject({ code: 'AUTUMN15', validFrom: '2026-11-12', validUntil: '2026-12-26' });
    expect(demoPromoCodes('2027-01-10')[1]!.code).toBe('WINTER15');
    expect(demoPromoCodes('2027-04-01')[1]!.code).toBe('SPRING15');
    expect(demoPromoCodes('2027-07-31')[1]!.code).toBe('SUMMER15');
    expect(demoPromoCodes('2027-12-01')[1]!.code).toBe('WINTER15');
  });
});
