import styled from 'styled-components';
import { Breadcrumb, MailIcon, PageContainer, SectionHeading } from '@site/shared-ui';
import { HOME_PATH } from '@site/contracts/paths';
import { ContentPending, loadContentFirstView, useCompanyContent } from '../content/useCompanyContent';
import { useText } from '../i18n/useText';
import { company } from '@site/content/company';

/** The four responsibilities of the Sales Head (spec "Career Opportunities"), by message id. */
export const RESPONSIBILITIES = [
  'company.careers.responsibility1',
  'company.careers.responsibility2',
  'company.careers.responsibility3',
  'company.careers.responsibility4',
] as const;

const CONTENT = ['company'] as const;
/** The English texts this page's bundle carries (see useCompanyContent). */
const BUNDLED = { company };

/** For the server (shared-store's LoadFirstView): an Arabic page's texts, so its HTML has them (see useCompanyContent). */
export const loadFirstView = loadContentFirstView(CONTENT, BUNDLED);

const Advert = styled.article`
  max-width: 820px;
  padding: 32px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 6px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  h2 { margin: 0 0 8px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.xl}; }
  h3 { margin: 28px 0 8px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.lg}; }
  ul { margin: 0; padding-inline-start: 22px; }
  li { margin-bottom: 6px; }
  @media (max-width: ${({ theme }) => theme.mobile}px) { padding: 20px; }
`;

const Intro = styled.p`
  font-size: ${({ theme }) => theme.typeScale.lg};
`;

const Apply = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 8px 16px;
  margin: 0;
  dt { font-weight: 700; }
  dd { margin: 0; }
  address { font-style: normal; }
  a { display: inline-flex; align-items: center; gap: 6px; color: ${({ theme }) => theme.colors.brand}; font-weight: 600; }
  @media (max-width: ${({ theme }) => theme.mobile}px) { grid-template-columns: 1fr; dd { margin-bottom: 8px; } }
`;

const Equal = styled.p`
  margin: 28px 0 0;
  padding-top: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
  /* Arabic script has no italics (a browser would only slant it). */
  &:lang(ar) { font-style: normal; }
`;

/** /career-opportunities: the Sales Head advertisement for the new Oil & Gas Division. */
export default function CareersPage() {
  const text = useText();
  const view = useCompanyContent(CONTENT, BUNDLED);
  const vacancy = text('company.careers.vacancy');
  return (
    <PageContainer>
      <Breadcrumb
        items={[
          { moduleName: text('company.breadcrumb.home'), link: HOME_PATH },
          { moduleName: text('company.careers.title') },
        ]}
      />
      <SectionHeading>{text('company.careers.title')}</SectionHeading>
      {view.status !== 'ready' ? (
        <ContentPending view={view} />
      ) : (
        <Advert aria-labelledby="vacancy-title">
          <h2 id="vacancy-title">{vacancy}</h2>
          <Intro>{text('company.careers.intro', { company: view.content.company.name })}</Intro>
          <h3>{text('company.careers.lookingFor')}</h3>
          <ul>
            <li>{text('company.careers.experience')}</li>
            <li>{text('company.careers.sectorExperience')}</li>
          </ul>
          <h3>{text('company.careers.responsibilities')}</h3>
          <ul>
            {RESPONSIBILITIES.map((id) => (
              <li key={id}>{text(id)}</li>
            ))}
          </ul>
          <h3>{text('company.careers.howToApply')}</h3>
          <p>{text('company.careers.send')}</p>
          <Apply>
            <dt>{text('company.careers.email')}</dt>
            <dd>
              <a
                href={`mailto:${view.content.company.careersEmail}?subject=${encodeURIComponent(text('company.careers.mailSubject', { title: vacancy }))}`}
              >
                {/* An address reads left to right, inside Arabic text too. */}
                <MailIcon size={18} /> <bdi dir="ltr">{view.content.company.careersEmail}</bdi>
              </a>
            </dd>
            <dt>{text('company.careers.post')}</dt>
            <dd>
              <address>
                {text('company.careers.humanResources', { company: view.content.company.name })}
                <br />
                {view.content.company.postalAddress}
              </address>
            </dd>
          </Apply>
          <Equal>{text('company.careers.equalOpportunity', { company: view.content.company.name })}</Equal>
        </Advert>
      )}
    </PageContainer>
  );
}
