import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { beforeEach } from '@jest/globals';
import { StyleContext } from '@ant-design/cssinjs';
import { pinClock } from './src/testingClock.js';
import { useToasts } from './src/toast.js';

// antd's style registry renders as on a server here: it adds no <style> to the document. jsdom lays
// nothing out, yet on every getComputedStyle (each getByRole makes many) it matches every rule of every
// sheet against the element, and antd's rules made that most of a suite's time (UsersTab 41 s → 8 s).
// The default context value is what every antd component reads unless a StyleProvider says otherwise.
if (!StyleContext._currentValue) throw new Error('React contexts changed shape: jest.setup cannot stop antd styles');
StyleContext._currentValue.mock = 'server';

// A page loads lazily (its chunk, its namespace): on a loaded machine the first find took more than
// Testing Library's 1 s (a shifted-clock CI pass left the Services page on its spinner). Waiting longer
// only matters when a test would fail anyway.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  // No frontend test may depend on the day it runs on: each starts at web-kit/testing's TEST_NOW.
  pinClock();
  // The toast channel outlives a page on purpose; between tests it must not, or a toast a previous
  // test raised shows again in the next one's frame (a second role="alert" when antd loads in time).
  useToasts.setState({ current: null });
});
