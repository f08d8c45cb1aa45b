import { screen } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { setReducedMotion, useScrollAnimationMocks } from '../../testing/browserMocks';
import { Reveal, REVEAL_DURATION_MS, revealDelaySeconds } from './Reveal';

const box = (text: string) => screen.getByText(text).parentElement as HTMLElement;

describe('revealDelaySeconds', () => {
  it('waits 0.1 s more for each card', () => {
    expect([0, 1, 3, 15].map(revealDelaySeconds)).toEqual([0, 0.1, 0.3, 1.5]);
  });
});

describe('Reveal', () => {
  const observer = useScrollAnimationMocks({ fakeTimers: false });

  it('keeps the card hidden until it scrolls into view, then fades it in over 1000 ms', () => {
    renderInSite(
      <Reveal>
        <p>Schneider</p>
      </Reveal>,
    );
    expect(box('Schneider')).toHaveStyle({ opacity: '0' });
    observer().scrollIntoView(box('Schneider'));
    expect(box('Schneider')).toHaveStyle({ opacity: '1' });
    expect(getComputedStyle(box('Schneider')).transition).toContain(`opacity ${REVEAL_DURATION_MS}ms`);
  });

  it('reveals once: scrolling away does not hide the card again', () => {
    renderInSite(
      <Reveal>
        <p>Hager</p>
      </Reveal>,
    );
    observer().scrollIntoView(box('Hager'));
    observer().scrollOutOfView(box('Hager'));
    expect(box('Hager')).toHaveStyle({ opacity: '1' });
    expect(observer().watchedCount()).toBe(0);
  });

  it('staggers the fourth card (index 3) by 0.3 s', () => {
    renderInSite(
      <Reveal index={3}>
        <p>Legrand</p>
      </Reveal>,
    );
    expect(box('Legrand')).toHaveStyle({ transitionDelay: '0.3s' });
  });

  it('renders as the element asked for', () => {
    renderInSite(
      <ul>
        <Reveal as="li">MK</Reveal>
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('MK');
  });

  it('shows the card at once, without animation, when the visitor prefers reduced motion', () => {
    setReducedMotion(true);
    renderInSite(
      <Reveal index={3}>
        <p>Raychem</p>
      </Reveal>,
    );
    expect(box('Raychem')).toHaveStyle({ opacity: '1' });
    expect(getComputedStyle(box('Raychem')).transition).toBe('none');
  });

  it('shows the card at once when the browser has no IntersectionObserver', () => {
    observer().restore();
    renderInSite(
      <Reveal>
        <p>Barton</p>
      </Reveal>,
    );
    expect(box('Barton')).toHaveStyle({ opacity: '1' });
  });
});
