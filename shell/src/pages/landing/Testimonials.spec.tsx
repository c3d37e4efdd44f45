import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { TESTIMONIAL_ROTATION_MS } from '@khidma/contracts';
import { renderAt, setupI18n } from '../../test-utils';
import { Testimonials } from './Testimonials';

beforeAll(() => setupI18n('en'), 60_000);
afterEach(() => jest.useRealTimers());

it('rotates through the three testimonials every 5 seconds', () => {
  jest.useFakeTimers();
  renderAt(<Testimonials />);
  const quote = () => screen.getByTestId('testimonial');
  expect(quote()).toHaveTextContent('Sarah Ahmed');
  act(() => jest.advanceTimersByTime(TESTIMONIAL_ROTATION_MS - 1));
  expect(quote()).toHaveTextContent('Sarah Ahmed');
  act(() => jest.advanceTimersByTime(1));
  expect(quote()).toHaveTextContent('Omar Haddad');
  act(() => jest.advanceTimersByTime(TESTIMONIAL_ROTATION_MS));
  expect(quote()).toHaveTextContent('Layla Mansour');
  act(() => jest.advanceTimersByTime(TESTIMONIAL_ROTATION_MS));
  expect(quote()).toHaveTextContent('Sarah Ahmed');
  expect(screen.getAllByRole('button', { name: /Show testimonial/ })).toHaveLength(3);
});
