import { chatOpensByDefault, PHONE_CHAT_QUIET_MS, whenChatMayLoad } from './chatLoadMoment';
import { fakeWindow } from '../testing/fakeWindow';

describe('whenChatMayLoad', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('on a wide screen loads the chat as soon as the page has loaded and is idle (it starts open there)', () => {
    const { win, runIdle } = fakeWindow('complete', 1280);
    const load = jest.fn();
    whenChatMayLoad(load, win);
    expect(load).not.toHaveBeenCalled();
    runIdle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a phone waits for the first touch once the page has loaded, and loads once', () => {
    const { win, runIdle } = fakeWindow('complete', 375);
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
    const { win, runIdle } = fakeWindow('interactive', 375);
    const load = jest.fn();
    whenChatMayLoad(load, win);
    win.dispatchEvent(new Event('scroll'));
    expect(load).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    runIdle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a phone a visitor who only reads still gets the chat button after a quiet while', () => {
    const { win, runIdle } = fakeWindow('complete', 375);
    const load = jest.fn();
    whenChatMayLoad(load, win);
    runIdle();
    jest.advanceTimersByTime(PHONE_CHAT_QUIET_MS - 1);
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never loads once cancelled (the frame left the page)', () => {
    const { win, runIdle } = fakeWindow('complete', 375);
    const load = jest.fn();
    const cancel = whenChatMayLoad(load, win);
    runIdle();
    cancel();
    win.dispatchEvent(new Event('pointerdown'));
    jest.advanceTimersByTime(PHONE_CHAT_QUIET_MS);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('chatOpensByDefault', () => {
  it("keeps the panel from opening by itself over the quote request and a buyer's quotation, in both editions (paths inside the edition)", () => {
    for (const path of ['/request-quote', '/request-quote/', '/quotation/abc123', '/quotation/abc123/'])
      expect(chatOpensByDefault(path)).toBe(false);
    for (const path of ['/home', '/our-products/cables', '/contact-us', '/request-quote-help', '/quotations'])
      expect(chatOpensByDefault(path)).toBe(true);
  });
});
