import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Breadcrumb, ButtonLink, Card, PageContainer } from '@site/shared-ui';
import { PartnersGrid } from '../partners/PartnersGrid';
import { CATEGORIES_PATH, HOME_PATH } from '@site/contracts/paths';
import { ContentPending, loadContentFirstView, useCompanyContent } from '../content/useCompanyContent';
import { useText } from '../i18n/useText';
import { home } from '@site/content';
import { company } from '@site/content/company';

/** Backdrop of the hero (decorative); 1600 × 600 like every carousel background. */
const HERO_IMAGE = { src: '/images/carousel/background-skyline.svg', width: 1600, height: 600 };

/** The four cards under the introduction (spec "About"): their messages' ids. */
const ABOUT_CARDS = [
  { title: 'company.about.storyTitle', text: 'company.about.storyText' },
  { title: 'company.about.excellenceTitle', text: 'company.about.excellenceText' },
  { title: 'company.about.approachTitle', text: 'company.about.approachText' },
  { title: 'company.about.commitmentTitle', text: 'company.about.commitmentText' },
] as const;

const CONTENT = ['home', 'company'] as const;
/** The English texts this page's bundle carries (see useCompanyContent). */
const BUNDLED = { home, company };

/** For the server (shared-store's LoadFirstView): an Arabic page's texts, so its HTML has them (see useCompanyContent). */
export const loadFirstView = loadContentFirstView(CONTENT, BUNDLED);

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  margin-bottom: 40px;
  padding: 56px 40px;
  border-radius: ${({ theme }) => theme.radius.lg};
  color: ${({ theme }) => theme.colors.onBrand};
  background: ${({ theme }) => theme.colors.brandDark};
  img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; opacity: 0.75; }
  > div { position: relative; max-width: 680px; }
  h1 { margin: 0 0 8px; font-size: ${({ theme }) => theme.typeScale.display}; line-height: 1.15; }
  p { margin: 0; font-size: ${({ theme }) => theme.typeScale.lg}; }
  @media (max-width: ${({ theme }) => theme.mobile}px) { padding: 32px 20px; }
`;

const Tagline = styled.p`
  margin-bottom: 16px !important;
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  font-size: ${({ theme }) => theme.typeScale.sm} !important;
  /* Spaced letters break Arabic script's joins. */
  &:lang(ar) { letter-spacing: normal; }
`;

const Intro = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 32px;
  margin-bottom: 40px;
  h2 { grid-column: 1 / -1; margin: 0; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.xxl}; }
  p { margin: 0; font-size: ${({ theme }) => theme.typeScale.md}; line-height: 1.7; }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}px) { grid-template-columns: minmax(0, 1fr); gap: 16px; }
`;

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 24px;
  margin: 0 0 56px;
  padding: 0;
  list-style: none;
`;

const ValueCard = styled(Card)`
  height: 100%;
  padding: 24px;
  border-top: 4px solid ${({ theme }) => theme.colors.accent};
  h2 { margin: 0 0 12px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.lg}; }
  p { margin: 0; }
`;

const PartnersHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  margin-bottom: 24px;
  h2 { margin: 0 0 8px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.xxl}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** /about: who we are, since 1995, what we stand for, and the brands we distribute. */
export default function AboutPage() {
  const text = useText();
  const view = useCompanyContent(CONTENT, BUNDLED);
  const breadcrumb = [
    { moduleName: text('company.breadcrumb.home'), link: HOME_PATH },
    { moduleName: text('company.about.breadcrumb') },
  ];
  if (view.status !== 'ready') {
    return (
      <PageContainer>
        <Breadcrumb items={breadcrumb} />
        <ContentPending view={view} />
      </PageContainer>
    );
  }
  const { home, company } = view.content;
  return (
    <PageContainer>
      <Breadcrumb items={breadcrumb} />
      <Hero aria-labelledby="about-title">
        <img src={HERO_IMAGE.src} alt="" width={HERO_IMAGE.width} height={HERO_IMAGE.height} />
        <div>
          <Tagline>{company.tagline}</Tagline>
          <h1 id="about-title">{text('company.about.title')}</h1>
          <p>{text('company.about.lead')}</p>
        </div>
      </Hero>
      <Intro aria-labelledby="about-intro">
        <h2 id="about-intro">{company.name}</h2>
        {home.about.text.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Intro>
      <Cards aria-label={text('company.about.values')}>
        {ABOUT_CARDS.map((card) => (
          <li key={card.title}>
            <ValueCard>
              <h2>{text(card.title)}</h2>
              <p>{text(card.text, { founded: company.founded })}</p>
            </ValueCard>
          </li>
        ))}
      </Cards>
      <section aria-labelledby="about-partners">
        <PartnersHead>
          <div>
            <h2 id="about-partners">{home.partners.heading}</h2>
            <p>{home.partners.subtitle}</p>
          </div>
          <ButtonLink as={Link} to={CATEGORIES_PATH} $variant="secondary">
            {text('company.about.browseProducts')}
          </ButtonLink>
        </PartnersHead>
        <PartnersGrid partners={home.partners.items} label={text('company.partners.label')} />
      </section>
    </PageContainer>
  );
}
