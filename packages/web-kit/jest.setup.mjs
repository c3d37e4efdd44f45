import '@testing-library/jest-dom';
import { beforeEach } from '@jest/globals';
import { pinClock } from './src/testingClock.js';
import { useToasts } from './src/toast.js';

beforeEach(() => {
  // No frontend test may depend on the day it runs on: each starts at web-kit/testing's TEST_NOW.
  pinClock();
  // The toast channel outlives a page on purpose; between tests it must not, or a toast a previous
  // test raised shows again in the next one's frame (a second role="alert" when antd loads in time).
  useToasts.setState({ current: null });
});
