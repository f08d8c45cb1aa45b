import { memo } from 'react';
import styled from 'styled-components';
import { useRotation } from './useRotation';
import { useWarmIndices } from './useWarmIndices';
import { StripedImage } from './StripedImage';

const Backdrop = styled.div`
  position: absolute;
  inset: 0;
  img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
  /* Darkest behind the slide's text, at the start of the line: the left, or the right on a right-to-left page. */
  --backdrop-towards-end: 90deg;
  &:dir(rtl) { --backdrop-towards-end: 270deg; }
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(
      var(--backdrop-towards-end),
      ${({ theme }) => theme.colors.overlay.backdropText} 0%,
      ${({ theme }) => theme.colors.overlay.backdropMiddle} 55%,
      ${({ theme }) => theme.colors.overlay.backdropPicture} 100%
    );
  }
`;

export interface CarouselBackdropProps {
  /** Pictures that take turns behind the slides (decorative). */
  backgrounds: { image: string; width: number; height: number }[];
  /** No turns (the slide show stopped, or reduced motion). */
  stopped: boolean;
  /** False for visitors who prefer reduced motion: a picture just appears. */
  animate: boolean;
}

/**
 * The pictures behind the slides: the next one every 4 s, revealed through the stripes. A component of its own, and
 * memoised: a turn redraws these pictures only, and a slide change does not redraw them (the whole carousel drawn
 * again every 4 s would land in the middle of a visitor's clicks on a slow phone).
 */
export const CarouselBackdrop = memo(function CarouselBackdrop({
  backgrounds,
  stopped,
  animate,
}: CarouselBackdropProps) {
  const background = useRotation(backgrounds.length, stopped);
  const warm = useWarmIndices(background.current, backgrounds.length);
  return (
    <Backdrop aria-hidden="true">
      {backgrounds.map((item, i) =>
        warm.has(i) ? (
          <StripedImage
            key={item.image}
            src={item.image}
            alt=""
            width={item.width}
            height={item.height}
            active={i === background.current}
            keepVisible={i === background.previous}
            animate={animate}
          />
        ) : null,
      )}
    </Backdrop>
  );
});
