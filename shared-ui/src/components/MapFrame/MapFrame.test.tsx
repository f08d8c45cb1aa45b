import { render, screen } from '@testing-library/react';
import { mockIntersectionObserver } from '../../testing/browserMocks';
import { MapFrame } from './MapFrame';

describe('MapFrame', () => {
  it('holds an empty box until the map comes near the viewport, then embeds it lazily', () => {
    const observers = mockIntersectionObserver();
    try {
      const { container } = render(
        <MapFrame src="https://maps.example/embed?q=Dubai" title="Map of our Dubai warehouse" />,
      );
      expect(screen.queryByTitle('Map of our Dubai warehouse')).toBeNull();
      const placeholder = container.querySelector('[data-map-placeholder]')!;
      expect(placeholder).toHaveAttribute('aria-hidden', 'true');
      expect(observers.rootMarginsOf(placeholder)).toEqual(['100px']);

      observers.scrollIntoView(placeholder);
      const frame = screen.getByTitle('Map of our Dubai warehouse');
      expect(frame.tagName).toBe('IFRAME');
      expect(frame).toHaveAttribute('src', 'https://maps.example/embed?q=Dubai');
      expect(frame).toHaveAttribute('loading', 'lazy');
      expect(container.querySelector('[data-map-placeholder]')).toBeNull();
    } finally {
      observers.restore();
    }
  });

  it('embeds the map at once where the browser cannot observe intersections', () => {
    // jsdom has no IntersectionObserver
    render(<MapFrame src="https://maps.example/embed" title="A map" />);
    expect(screen.getByTitle('A map').tagName).toBe('IFRAME');
  });
});
