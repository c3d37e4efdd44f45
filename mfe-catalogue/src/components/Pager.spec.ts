import { pagerItems } from './Pager';

/** The items as antd's Pagination draws them: page numbers, « and » for the jumps back and forward. */
const drawn = (current: number, last: number) =>
  pagerItems(current, last)
    .map((item) => (item.kind === 'page' ? String(item.page) : `${item.back ? '«' : '»'}${item.page}`))
    .join(' ');

describe('pagerItems', () => {
  it('lists every page when up to seven fit', () => {
    expect(drawn(1, 1)).toBe('1');
    expect(drawn(4, 7)).toBe('1 2 3 4 5 6 7');
  });

  it('shows five pages at either end of a long range, and a jump of five over the gap', () => {
    expect(drawn(1, 20)).toBe('1 2 3 4 5 »6 20');
    expect(drawn(3, 20)).toBe('1 2 3 4 5 »8 20');
    expect(drawn(20, 20)).toBe('1 «15 16 17 18 19 20');
    expect(drawn(18, 20)).toBe('1 «13 16 17 18 19 20');
  });

  it('shows two pages on each side of the current one in the middle, and a lone page instead of a jump over it', () => {
    expect(drawn(10, 20)).toBe('1 «5 8 9 10 11 12 »15 20');
    expect(drawn(5, 20)).toBe('1 2 3 4 5 6 7 »10 20');
    expect(drawn(16, 20)).toBe('1 «11 14 15 16 17 18 19 20');
  });
});
