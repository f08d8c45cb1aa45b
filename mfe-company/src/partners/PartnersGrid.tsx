import styled from 'styled-components';
import { Reveal } from '@site/shared-ui';
import { brandLogoPath, type Partner } from '@site/content';

/** Intrinsic size of a brand logo (content/public/images/brands, viewBox 0 0 200 80). */
const LOGO_WIDTH = 200;
const LOGO_HEIGHT = 80;

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
  img { display: block; width: 100%; max-width: 160px; height: auto; }
  figcaption { font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.typeScale.sm}; }
`;

export interface PartnersGridProps {
  partners: Partner[];
  /** Accessible name of the list. */
  label: string;
}

/** The partner brands as logo cards that load lazily and come in one after another (0.1 s apart). */
export function PartnersGrid({ partners, label }: PartnersGridProps) {
  return (
    <Grid aria-label={label}>
      {partners.map((partner, index) => (
        <Reveal key={partner.name} as="li" index={index}>
          <Logo>
            <img src={brandLogoPath(partner.brand)} alt={partner.alt} width={LOGO_WIDTH} height={LOGO_HEIGHT} loading="lazy" decoding="async" />
            <figcaption>{partner.name}</figcaption>
          </Logo>
        </Reveal>
      ))}
    </Grid>
  );
}
