import { memo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, DownloadIcon } from '@site/shared-ui';
import { brochurePath, type CarouselSlide } from '@site/content';
import { useText } from '../../i18n/useText';

const Company = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.typeScale.sm};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  /* Spaced letters break Arabic script's joins. */
  &:lang(ar) { letter-spacing: normal; }
`;

const Title = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  margin-bottom: 16px;
  h2 { margin: 0; font-size: clamp(1.75rem, 4vw, ${({ theme }) => theme.typeScale.display}); line-height: 1.15; }
`;

const Rank = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.accent};
  font-size: clamp(2.75rem, 7vw, 4.5rem);
  font-weight: 800;
  line-height: 1;
`;

const Info = styled.p`
  margin: 0 0 8px;
  font-size: ${({ theme }) => theme.typeScale.lg};
  max-width: 46ch;
`;

const Extra = styled.p`
  margin: 0 0 24px;
  max-width: 52ch;
  color: ${({ theme }) => theme.colors.onBrandSoft};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const QuoteLink = styled(ButtonLink)`
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.accent};
  border-color: ${({ theme }) => theme.colors.accent};
  &:hover { background: ${({ theme }) => theme.colors.accentHover}; }
`;

const CatalogueLink = styled(ButtonLink)`
  color: ${({ theme }) => theme.colors.onBrand};
  border-color: ${({ theme }) => theme.colors.onBrand};
  &:hover { background: ${({ theme }) => theme.colors.hoverOnBrandSubtle}; }
`;

/** An ordinal rank of the data ('1st') in the page's language; any other rank ('23') as it is. */
function rankText(rank: string, text: ReturnType<typeof useText>): string {
  const ordinal = /^(\d+)(?:st|nd|rd|th)$/.exec(rank);
  return ordinal ? text('company.carousel.ordinalRank', { rank: Number(ordinal[1]) }) : rank;
}

/**
 * A slide's texts and its two buttons. Memoised: they never change, and a slide change redraws only what marks the
 * current slide (its wrapper, picture and dot), not every slide's texts.
 */
export const SlideContent = memo(function SlideContent({ slide }: { slide: CarouselSlide }) {
  const text = useText();
  return (
    <div>
      <Company>{slide.companyText}</Company>
      <Title>
        {slide.rank ? <Rank>{rankText(slide.rank, text)}</Rank> : null}
        <h2>{slide.heading}</h2>
      </Title>
      <Info>{slide.info}</Info>
      <Extra>{slide.extraText}</Extra>
      <Actions>
        <QuoteLink as={Link} to="/contact-us">
          {text('company.carousel.getQuote')}
        </QuoteLink>
        {/* The PDF is in English; the Arabic button says so. */}
        <CatalogueLink href={brochurePath()} download $variant="secondary">
          <DownloadIcon size={18} /> {text('company.carousel.downloadCatalogue')}
        </CatalogueLink>
      </Actions>
    </div>
  );
});
