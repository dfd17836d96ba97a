import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { fakeMediaQueryList } from "./media-query";

// findBy/waitFor wait up to 5 s: on a loaded CI machine a page with several queries can take over 1 s.
configure({ asyncUtilTimeout: 5_000 });

const inBrowser = typeof window !== "undefined"; // false in the few node-environment tests (the lint)

// jsdom has no matchMedia; the console asks for the desktop breakpoint.
if (inBrowser && !window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => fakeMediaQueryList(query, /min-width:\s*768px/.test(query) ? window.innerWidth >= 768 : false),
  });
}

beforeEach(() => {
  if (!inBrowser) return;
  window.localStorage.clear();
  document.documentElement.className = "";
  delete document.documentElement.dataset.paTransition;
});

afterEach(() => {
  cleanup();
});

// Radix measures its popper content with ResizeObserver, which jsdom lacks.
if (inBrowser && !("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
