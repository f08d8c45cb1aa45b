import { useRef } from 'react';
import { render, screen } from '@testing-library/react';
import { mockIntersectionObserver } from '../testing/browserMocks';
import { useInView } from './useInView';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  return <div ref={ref}>{useInView(ref) ? 'seen' : 'not seen'}</div>;
}

describe('useInView', () => {
  it('turns true when the element first intersects, stays true, and stops observing', () => {
    const io = mockIntersectionObserver();
    render(<Probe />);
    const element = screen.getByText('not seen');
    expect(io.watchedCount()).toBe(1);
    io.scrollIntoView(element);
    io.scrollOutOfView(element);
    expect(element).toHaveTextContent('seen');
    expect(element).not.toHaveTextContent('not seen');
    expect(io.watchedCount()).toBe(0);
    io.restore();
  });

  it('is true from the start without IntersectionObserver', () => {
    render(<Probe />);
    expect(screen.getByText('seen')).toBeInTheDocument();
  });
});
