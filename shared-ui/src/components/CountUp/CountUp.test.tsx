import { act, screen } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { setReducedMotion, useScrollAnimationMocks } from '../../testing/browserMocks';
import { CountUp } from './CountUp';

/** What a sighted visitor sees: the ticking digits. */
const digits = () => screen.getByTestId('count-up-digits');
/** The element that scrolls into view (the wrapper the component observes). */
const counter = () => digits().parentElement as HTMLElement;
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('CountUp', () => {
  const observer = useScrollAnimationMocks();

  it('shows 0 until scrolled into view, however long the visitor waits', () => {
    renderInSite(<CountUp end={1000} suffix="+" />);
    advance(10_000);
    expect(digits().textContent).toBe('0+');
  });

  it('counts up over 5 s once in view and lands exactly on the target', () => {
    renderInSite(<CountUp end={1000} suffix="+" />);
    observer().scrollIntoView(counter());
    advance(2500);
    const midway = Number.parseInt(digits().textContent ?? '', 10);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(1000);
    advance(1500);
    expect(digits().textContent).not.toBe('1000+');
    advance(1100);
    expect(digits().textContent).toBe('1000+');
  });

  it('does not count again when scrolled out and back in', () => {
    renderInSite(<CountUp end={150} suffix="+" />);
    observer().scrollIntoView(counter());
    advance(6000);
    observer().scrollOutOfView(counter());
    observer().scrollIntoView(counter());
    advance(100);
    expect(digits().textContent).toBe('150+');
    expect(observer().watchedCount()).toBe(0);
  });

  it('gives screen readers the final value only, from the start', () => {
    renderInSite(<CountUp end={10} prefix="~" suffix="+" />);
    expect(screen.getByText('~10+')).not.toHaveAttribute('aria-hidden');
    expect(digits()).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the target at once when the visitor prefers reduced motion', () => {
    setReducedMotion(true);
    renderInSite(<CountUp end={200} suffix="+" />);
    expect(digits().textContent).toBe('200+');
  });

  it('shows the target at once when the browser cannot tell what is in view', () => {
    observer().restore();
    renderInSite(<CountUp end={200} suffix="+" />);
    expect(digits().textContent).toBe('200+');
  });
});
