import { act, render, screen } from '@testing-library/react';
import { MapFrame } from './MapFrame';

type ObserverCallback = (entries: { isIntersecting: boolean }[]) => void;

describe('MapFrame', () => {
  let observed: { callback: ObserverCallback; options?: IntersectionObserverInit }[] = [];
  const original = window.IntersectionObserver;

  beforeEach(() => {
    observed = [];
    window.IntersectionObserver = class {
      constructor(callback: ObserverCallback, options?: IntersectionObserverInit) {
        observed.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    window.IntersectionObserver = original;
  });

  it('holds an empty box until the map comes near the viewport, then embeds it lazily', () => {
    const { container } = render(<MapFrame src="https://maps.example/embed?q=Dubai" title="Map of our Dubai warehouse" />);
    expect(screen.queryByTitle('Map of our Dubai warehouse')).toBeNull();
    expect(container.querySelector('[data-map-placeholder]')).toHaveAttribute('aria-hidden', 'true');
    expect(observed[0]?.options?.rootMargin).toBe('100px');

    act(() => observed[0]!.callback([{ isIntersecting: true }]));
    const frame = screen.getByTitle('Map of our Dubai warehouse');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://maps.example/embed?q=Dubai');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(container.querySelector('[data-map-placeholder]')).toBeNull();
  });

  it('embeds the map at once where the browser cannot observe intersections', () => {
    // @ts-expect-error: a browser without IntersectionObserver
    delete window.IntersectionObserver;
    render(<MapFrame src="https://maps.example/embed" title="A map" />);
    expect(screen.getByTitle('A map').tagName).toBe('IFRAME');
  });
});
