import { CHAT_PHONE_QUERY, PHONE_CHAT_QUIET_MS, whenChatMayLoad } from './chatLoadMoment';

/** A window of the given width whose load state and idle callbacks the test controls. */
function fakeWindow(width: number, readyState: DocumentReadyState = 'complete') {
  const target = new EventTarget();
  const idle: (() => void)[] = [];
  const win = {
    document: { readyState },
    matchMedia: (query: string) => ({ matches: query === CHAT_PHONE_QUERY && width <= 576 }),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
    clearTimeout: (id: number) => window.clearTimeout(id),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
    cancelIdleCallback: jest.fn(),
  };
  return { win: win as unknown as Window, runIdle: () => idle.splice(0).forEach((fn) => fn()) };
}

describe('whenChatMayLoad', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('on a wide screen loads the chat as soon as the page has loaded and is idle (it starts open there)', () => {
    const { win, runIdle } = fakeWindow(1280);
    const load = jest.fn();
    whenChatMayLoad(load, win);
    expect(load).not.toHaveBeenCalled();
    runIdle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a phone waits for the first touch once the page has loaded, and loads once', () => {
    const { win, runIdle } = fakeWindow(375);
    const load = jest.fn();
    whenChatMayLoad(load, win);
    runIdle();
    expect(load).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('touchstart'));
    expect(load).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(PHONE_CHAT_QUIET_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a phone a scroll before the page has loaded lets the chat load with the page', () => {
    const { win, runIdle } = fakeWindow(375, 'interactive');
    const load = jest.fn();
    whenChatMayLoad(load, win);
    win.dispatchEvent(new Event('scroll'));
    expect(load).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    runIdle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a phone a visitor who only reads still gets the chat button after a quiet while', () => {
    const { win, runIdle } = fakeWindow(375);
    const load = jest.fn();
    whenChatMayLoad(load, win);
    runIdle();
    jest.advanceTimersByTime(PHONE_CHAT_QUIET_MS - 1);
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never loads once cancelled (the frame left the page)', () => {
    const { win, runIdle } = fakeWindow(375);
    const load = jest.fn();
    const cancel = whenChatMayLoad(load, win);
    runIdle();
    cancel();
    win.dispatchEvent(new Event('pointerdown'));
    jest.advanceTimersByTime(PHONE_CHAT_QUIET_MS);
    expect(load).not.toHaveBeenCalled();
  });
});
