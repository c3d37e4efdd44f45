import '@testing-library/jest-dom';
import { beforeEach } from '@jest/globals';
import { pinClock } from './src/testingClock.js';

// No frontend test may depend on the day it runs on: each starts at web-kit/testing's TEST_NOW.
beforeEach(() => pinClock());
