
import styled from 'styled-components';
import { Breadcrumb, MailIcon, PageContainer, SectionHeading, useScrollToTop } from '@site/shared-ui';
import { company } from '@site/content';
import { HOME_PATH } from '@site/contracts/paths';

const breadcrumb = [{ moduleName: 'Home', link: HOME_PATH }, { moduleName: 'Career Opportunities' }];

const VACANCY_TITLE = 'Sales Head – Oil & Gas Division';

/** The four responsibilities of the Sales Head (spec "Career Opportunities"). */
export const RESPONSIBILITIES = [
  'Product portfolio and customer development',
  'Strategic relationship management',
  'Design and implement sales strategies',
  'Implement and supervise the sales process',
] as const;

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
  ul { margin: 0; padding-left: 22px; }
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
`;

const mailSubject = encodeURIComponent(`Application: ${VACANCY_TITLE}`);

/** /career-opportunities: the Sales Head advertisement for the new Oil & Gas Division. */
export default function CareersPage() {
  useScrollToTop();
  return (
    <PageContainer>
      <Breadcrumb items={breadcrumb} />
      <SectionHeading>Career Opportunities</SectionHeading>
      <Advert aria-labelledby="vacancy-title">
        <h2 id="vacancy-title">{VACANCY_TITLE}</h2>
        <Intro>
          {company.name} is opening a new Oil &amp; Gas Division and is looking for a Sales Head to build it up from our Dubai
          head office.
        </Intro>
        <h3>Who we are looking for</h3>
        <ul>
          <li>About 10 years of experience selling electrical products in the Gulf.</li>
          <li>At least 4-5 years of that experience in the Oil &amp; Gas sector.</li>
        </ul>
        <h3>Responsibilities</h3>
        <ul>
          {RESPONSIBILITIES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <h3>How to apply</h3>
        <p>Send your CV and a covering letter by e-mail or by post:</p>
        <Apply>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${company.careersEmail}?subject=${mailSubject}`}>
              <MailIcon size={18} /> {company.careersEmail}
            </a>
          </dd>
          <dt>Post</dt>
          <dd>
            <address>
              Human Resources, {company.name}
              <br />
              {company.postalAddress}
            </address>
          </dd>
        </Apply>
        <Equal>
          {company.name} is an equal opportunity employer. We welcome applications from every qualified candidate, whatever their
          nationality, religion, gender, age or disability, and we select on merit alone.
        </Equal>
      </Advert>
    </PageContainer>
  );
}
