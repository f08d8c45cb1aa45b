import styled from 'styled-components';
import { Breadcrumb, Card, CardGrid, PageContainer, SectionHeading } from '@site/shared-ui';
import { HOME_PATH } from '@site/contracts/paths';
import { ContentPending, loadContentFirstView, useCompanyContent } from '../content/useCompanyContent';
import { useText } from '../i18n/useText';
import { projects } from '@site/content/projects';

const Lead = styled.p`
  max-width: 70ch;
  margin: 0 0 32px;
  font-size: ${({ theme }) => theme.typeScale.lg};
`;

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Title = styled.h2`
  margin: 0;
  padding: 16px 20px;
  font-size: ${({ theme }) => theme.typeScale.lg};
  color: ${({ theme }) => theme.colors.brand};
`;

const CONTENT = ['projects'] as const;
/** The English texts this page's bundle carries (see useCompanyContent). */
const BUNDLED = { projects };

/** For the server (shared-store's LoadFirstView): an Arabic page's texts, so its HTML has them (see useCompanyContent). */
export const loadFirstView = loadContentFirstView(CONTENT, BUNDLED);

/** /our-projects: landmark projects we supplied, one card (picture and title) each. */
export default function ProjectsPage() {
  const text = useText();
  const view = useCompanyContent(CONTENT, BUNDLED);
  return (
    <PageContainer>
      <Breadcrumb
        items={[
          { moduleName: text('company.breadcrumb.home'), link: HOME_PATH },
          { moduleName: text('company.projects.title') },
        ]}
      />
      <SectionHeading>{text('company.projects.title')}</SectionHeading>
      <Lead>{text('company.projects.lead')}</Lead>
      {view.status !== 'ready' ? (
        <ContentPending view={view} />
      ) : (
        <CardGrid as="ul" aria-label={text('company.projects.list')}>
          {view.content.projects.map((project, index) => (
            <Card as="li" key={project.id}>
              <Picture
                src={project.image}
                alt={project.alt}
                width={project.width}
                height={project.height}
                loading={index < 4 ? 'eager' : 'lazy'}
                decoding="async"
              />
              <Title>{project.title}</Title>
            </Card>
          ))}
        </CardGrid>
      )}
    </PageContainer>
  );
}
