import { renderHook } from '@testing-library/react';
import { useScrollToTop } from './useScrollToTop';

describe('useScrollToTop', () => {
  it('scrolls on open and on a new key, and survives a scrollTo that returns a Promise', () => {
    const scrollTo = jest.fn(() => Promise.resolve());
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- on purpose: the scrollTo of some browsers returns a Promise
    window.scrollTo = scrollTo;
    const { rerender, unmount } = renderHook(({ key }) => useScrollToTop(key, 'smooth'), {
      initialProps: { key: 'cables' },
    });
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    rerender({ key: 'wires' });
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(() => unmount()).not.toThrow();
  });
});
