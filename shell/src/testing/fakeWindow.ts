/**
 * A window whose load state, idle callbacks and screen width the test controls (timers are jest's, through
 * window.setTimeout). `matchMedia` answers max-width queries for `width`.
 */
export function fakeWindow(readyState: DocumentReadyState, width = 1280) {
  const target = new EventTarget();
  const idle: (() => void)[] = [];
  const win = {
    document: { readyState },
    matchMedia: (query: string) => ({ matches: Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? -1) >= width }),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
    clearTimeout: (id: number) => window.clearTimeout(id),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
    cancelIdleCallback: jest.fn(),
  };
  return {
    win: win as unknown as Window,
    runIdle: () => idle.splice(0).forEach((fn) => fn()),
    idleCount: () => idle.length,
  };
}
