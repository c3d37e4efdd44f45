import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these: react-router 7 needs the encoders at import time, antd's form MessageChannel
// its responsive grid matchMedia (answered as "no media query matches") and ResizeObserver;
// scrollTo is a no-op (jsdom does no layout).
Object.assign(globalThis, { TextEncoder, TextDecoder });
// A timer-based MessageChannel: Node's real one keeps Jest's process alive after the tests.
globalThis.MessageChannel = class {
  constructor() {
    const port = (other) => ({
      onmessage: null,
      postMessage: (data) => setTimeout(() => other().onmessage?.({ data })),
      close: () => {},
    });
    this.port1 = port(() => this.port2);
    this.port2 = port(() => this.port1);
  }
};
globalThis.matchMedia = (query) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
globalThis.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
globalThis.scrollTo = () => {};
