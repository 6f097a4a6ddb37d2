import { cleanup, configure } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach, vi } from 'vitest';
import { i18n, loadFeatureLocales } from '../lib/i18n.ts';

// Components under test read their feature's texts; the app loads them before such pages.
await loadFeatureLocales();

// Ant Design in jsdom is slow on a busy 2-core CI machine: a form flow that takes 5 s on a
// quiet machine took over 20 s with both cores loaded. Limits are generous; a passing test
// finishes as soon as its states appear.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
// The frame's first render evaluates its modules cold in each test (vi.resetModules): findBy*
// and waitFor get more than the default second.
configure({ asyncUtilTimeout: 15_000 });

// jsdom does not scroll; the frame restores each kept page's scroll position.
window.scrollTo = () => {};

// Browser APIs that jsdom lacks and Ant Design expects.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

afterEach(async () => {
  cleanup();
  // A static dialog (feedback outside the frame) renders in a root of its own, which cleanup()
  // does not know: close it and let React finish before jsdom goes.
  Modal.destroyAll();
  await new Promise((settle) => setImmediate(settle));
  await new Promise((settle) => setTimeout(settle, 0));
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (i18n.language !== 'zh') await i18n.changeLanguage('zh');
});
