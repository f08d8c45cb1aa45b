import { useRef } from 'react';
import styled from 'styled-components';
import { Reveal, useInView } from '@site/shared-ui';
import { brandLogoPath, type Partner } from '@site/content';

/** Intrinsic size of a brand logo (content/public/images/brands, viewBox 0 0 200 80). */
const LOGO_WIDTH = 200;
const LOGO_HEIGHT = 80;

/**
 * How close to the viewport the list comes before its logos are asked for. Sixteen SVG logos are sixteen small
 * documents the browser parses, styles and lays out on the main thread; `loading="lazy"` alone asks for them within
 * 1,250 to 5,000 px of the viewport (the browser's distance, by its guess of the connection), which on a phone put all
 * sixteen of the home page's, 3,300 px down, in the middle of its start. Until then a box of the logo's size holds its
 * place, so nothing moves when they arrive.
 */
export const PARTNER_LOGOS_MARGIN = '600px';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Logo = styled.figure`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  height: 100%;
  margin: 0;
  padding: 16px 12px 12px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  img, span { display: block; width: 100%; max-width: 160px; height: auto; aspect-ratio: ${LOGO_WIDTH} / ${LOGO_HEIGHT}; }
  figcaption { font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.typeScale.sm}; }
`;

export interface PartnersGridProps {
  partners: Partner[];
  /** Accessible name of the list. */
  label: string;
}

/** The partner brands as logo cards whose logos load as the list comes near, and come in one after another (0.1 s apart). */
export function PartnersGrid({ partners, label }: PartnersGridProps) {
  const grid = useRef<HTMLUListElement>(null);
  const near = useInView(grid, { rootMargin: PARTNER_LOGOS_MARGIN });
  return (
    <Grid ref={grid} aria-label={label}>
      {partners.map((partner, index) => (
        <Reveal key={partner.name} as="li" index={index}>
          <Logo>
            {near ? (
              <img
                src={brandLogoPath(partner.brand)}
                alt={partner.alt}
                width={LOGO_WIDTH}
                height={LOGO_HEIGHT}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span aria-hidden="true" />
            )}
            <figcaption>{partner.name}</figcaption>
          </Logo>
        </Reveal>
      ))}
    </Grid>
  );
}
