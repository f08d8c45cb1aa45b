import { afterPageLoad, MAX_WAIT_FOR_LOAD_MS } from './useAfterPageLoad';
import { fakeWindow } from '../testing/fakeWindow';

describe('afterPageLoad', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits for the load event, then for an idle moment', () => {
    const { win, runIdle, idleCount } = fakeWindow('interactive');
    const callback = jest.fn();
    afterPageLoad(callback, win);
    expect(idleCount()).toBe(0);
    win.dispatchEvent(new Event('load'));
    expect(callback).not.toHaveBeenCalled();
    runIdle();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs at the next idle moment when the page has already loaded', () => {
    const { win, runIdle } = fakeWindow('complete');
    const callback = jest.fn();
    afterPageLoad(callback, win);
    runIdle();
    expect(callback).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(MAX_WAIT_FOR_LOAD_MS);
    runIdle();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a load event that never comes', () => {
    const { win, runIdle } = fakeWindow('interactive');
    const callback = jest.fn();
    afterPageLoad(callback, win);
    jest.advanceTimersByTime(MAX_WAIT_FOR_LOAD_MS - 1);
    runIdle();
    expect(callback).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    runIdle();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('never calls back once cancelled', () => {
    const { win, runIdle } = fakeWindow('interactive');
    const callback = jest.fn();
    const cancel = afterPageLoad(callback, win);
    win.dispatchEvent(new Event('load'));
    cancel();
    runIdle();
    jest.advanceTimersByTime(MAX_WAIT_FOR_LOAD_MS);
    expect(callback).not.toHaveBeenCalled();
  });
});
