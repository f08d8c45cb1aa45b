import styled from 'styled-components';
import { PageContainer, VisuallyHidden } from '@site/shared-ui';
import { Carousel } from './carousel/Carousel';
import { ProductsTeaser } from './ProductsTeaser';
import { AboutCounters } from './AboutCounters';
import { PartnersGrid } from '../partners/PartnersGrid';
import { ContentPending, loadContentFirstView, useCompanyContent } from '../content/useCompanyContent';
import { useText } from '../i18n/useText';
import { home } from '@site/content';

const Blocks = styled(PageContainer)`
  display: flex;
  flex-direction: column;
  gap: 56px;
  padding-top: 48px;
`;

const PartnersHead = styled.div`
  margin-bottom: 24px;
  h2 { margin: 0 0 8px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.xxl}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.typeScale.lg}; }
`;

const CONTENT = ['home', 'teaser'] as const;
/** The English texts this page's bundle carries (see useCompanyContent). */
const BUNDLED = { home };

/** For the server (shared-store's LoadFirstView): an Arabic page's texts, so its HTML has them (see useCompanyContent). */
export const loadFirstView = loadContentFirstView(CONTENT, BUNDLED);

/** /home: the achievements carousel, the Our Products teaser, About Us with counters and Our Partners. */
export default function HomePage() {
  const text = useText();
  const view = useCompanyContent(CONTENT, BUNDLED);

  if (view.status !== 'ready') {
    return (
      <Blocks>
        <ContentPending view={view} />
      </Blocks>
    );
  }
  const { home, teaser } = view.content;
  return (
    <>
      {/* The page's title is the first slide's heading; the slides show it, so it is only here for outlines. */}
      <VisuallyHidden as="h1">{home.slides[0]?.heading}</VisuallyHidden>
      <Carousel slides={home.slides} backgrounds={home.backgrounds} />
      <Blocks>
        <ProductsTeaser categories={teaser} />
        <AboutCounters about={home.about} counters={home.counters} />
        <section aria-labelledby="home-partners">
          <PartnersHead>
            <h2 id="home-partners">{home.partners.heading}</h2>
            <p>{home.partners.subtitle}</p>
          </PartnersHead>
          <PartnersGrid partners={home.partners.items} label={text('company.partners.label')} />
        </section>
      </Blocks>
    </>
  );
}
