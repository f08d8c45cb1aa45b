import { useId, useState, type FocusEvent } from 'react';
import styled from 'styled-components';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon, VisuallyHidden, useMediaQuery } from '@site/shared-ui';
import type { CarouselSlide } from '@site/content';
import { useLocale } from '@site/shared-store';
import { LOCALE_DIRECTION } from '@site/contracts/locale';
import { useText } from '../../i18n/useText';
import { useCarousel } from './useCarousel';
import { useWarmIndices } from './useWarmIndices';
import { CarouselBackdrop, type CarouselBackdropProps } from './CarouselBackdrop';
import { SlideContent } from './SlideContent';
import { StripedImage } from './StripedImage';
import { earlyControl } from '@site/contracts/dom-ids';

const Region = styled.section`
  position: relative;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.onBrand};
  background: ${({ theme }) => theme.colors.brandDark};
`;

const Slides = styled.div`
  position: relative;
  display: grid;
  max-width: 1240px;
  margin: 0 auto;
  padding: 48px 20px 16px;
  touch-action: pan-y;
`;

const Slide = styled.div<{ $current: boolean; $animate: boolean }>`
  grid-area: 1 / 1;
  display: grid;
  grid-template-columns: minmax(0, 1.15fr) minmax(0, 0.85fr);
  gap: 40px;
  align-items: center;
  opacity: ${({ $current }) => ($current ? 1 : 0)};
  visibility: ${({ $current }) => ($current ? 'visible' : 'hidden')};
  transition: ${({ $animate }) => ($animate ? 'opacity 0.6s ease, visibility 0.6s' : 'none')};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 1fr);
    gap: 20px;
  }
`;

const Picture = styled(StripedImage)`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.picture};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}px) { aspect-ratio: 16 / 9; max-height: 260px; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}px) { display: none; }
`;

const Controls = styled.div`
  position: relative;
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 8px;
  padding: 8px 20px 24px;
`;

const RoundButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 2px solid ${({ theme }) => theme.colors.outlineOnBrand};
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.onBrand};
  background: ${({ theme }) => theme.colors.overlay.control};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.hoverOnBrand}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
`;

const Dots = styled.div`
  display: flex;
  gap: 4px;
`;

const Dot = styled.button<{ $current: boolean }>`
  width: 28px;
  height: 28px;
  padding: 0;
  border: 0;
  background: none;
  cursor: pointer;
  &::before {
    content: '';
    display: block;
    width: ${({ $current }) => ($current ? 24 : 12)}px;
    height: 12px;
    margin: 0 auto;
    border-radius: 6px;
    background: ${({ $current, theme }) => ($current ? theme.colors.accent : theme.colors.indicatorOnBrand)};
    transition: width 0.3s ease, background 0.3s ease;
  }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; border-radius: 50%; }
`;

export interface CarouselProps {
  slides: CarouselSlide[];
  /** Pictures that take turns behind the slides (decorative). */
  backgrounds: CarouselBackdropProps['backgrounds'];
}

/**
 * The home page's achievements carousel (spec "Home"). Operable with the buttons, the dots, the page's arrow keys
 * and 1-3, and swipes; it stops moving on its own for visitors who prefer reduced motion, on the pause button, and
 * while keyboard focus is inside a slide. A visitor's change is announced in a polite live region. On a right-to-left
 * page everything follows the reading direction: 'previous' stands at the right with its chevron pointing right (the
 * icons mirror themselves), 'next' at the left, ArrowLeft and a swipe to the right show the next slide.
 */
export function Carousel({ slides, backgrounds }: CarouselProps) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const stopped = choice ? choice === 'pause' : reducedMotion;
  const text = useText();
  const direction = LOCALE_DIRECTION[useLocale()];
  const { index, changedBy, next, previous, goTo, swipeHandlers } = useCarousel({
    count: slides.length,
    paused: stopped || focusInside,
    direction,
  });
  const warmSlides = useWarmIndices(index, slides.length);
  const slidesId = useId();
  const current = slides[index];

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
  };

  return (
    <Region aria-roledescription="carousel" aria-label={text('company.carousel.label')}>
      <CarouselBackdrop backgrounds={backgrounds} stopped={stopped} animate={!reducedMotion} />
      <Slides id={slidesId} {...swipeHandlers} onFocus={() => setFocusInside(true)} onBlur={onBlur}>
        {slides.map((slide, i) => (
          <Slide
            key={slide.heading}
            role="group"
            aria-roledescription="slide"
            aria-label={text('company.carousel.slidePosition', { index: i + 1, count: slides.length })}
            // While it fades out the last slide is already out of reach: one slide for screen readers and Tab.
            aria-hidden={i === index ? undefined : true}
            inert={i !== index}
            $current={i === index}
            $animate={!reducedMotion}
          >
            <SlideContent slide={slide} />
            {warmSlides.has(i) ? (
              <Picture
                src={slide.image}
                alt={slide.alt}
                width={slide.width}
                height={slide.height}
                active={i === index}
                keepVisible
                animate={!reducedMotion}
              />
            ) : null}
          </Slide>
        ))}
      </Slides>
      <Controls>
        <RoundButton
          type="button"
          {...earlyControl('page')}
          aria-controls={slidesId}
          aria-label={text('company.carousel.previous')}
          onClick={previous}
        >
          <ChevronLeftIcon size={22} />
        </RoundButton>
        <Dots role="group" aria-label={text('company.carousel.choose')}>
          {slides.map((slide, i) => (
            <Dot
              key={slide.heading}
              type="button"
              {...earlyControl('page')}
              aria-controls={slidesId}
              aria-label={text('company.carousel.dot', { index: i + 1, heading: slide.heading })}
              aria-current={i === index ? 'true' : undefined}
              $current={i === index}
              onClick={() => goTo(i)}
            />
          ))}
        </Dots>
        <RoundButton
          type="button"
          {...earlyControl('page')}
          aria-controls={slidesId}
          aria-label={text('company.carousel.next')}
          onClick={next}
        >
          <ChevronRightIcon size={22} />
        </RoundButton>
        <RoundButton
          type="button"
          {...earlyControl('page')}
          aria-label={text(stopped ? 'company.carousel.start' : 'company.carousel.stop')}
          onClick={() => setChoice(stopped ? 'play' : 'pause')}
        >
          {stopped ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
        </RoundButton>
      </Controls>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {changedBy === 'visitor' && current
          ? text('company.carousel.announce', { index: index + 1, count: slides.length, heading: current.heading })
          : ''}
      </VisuallyHidden>
    </Region>
  );
}
