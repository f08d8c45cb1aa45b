
import styled from 'styled-components';
import { Breadcrumb, Card, CardGrid, PageContainer, SectionHeading, useScrollToTop } from '@site/shared-ui';
import { projects } from '@site/content';
import { HOME_PATH } from '@site/contracts/paths';

const breadcrumb = [{ moduleName: 'Home', link: HOME_PATH }, { moduleName: 'Our Projects' }];

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

/** /our-projects: landmark projects we supplied, one card (picture and title) each. */
export default function ProjectsPage() {
  useScrollToTop();
  return (
    <PageContainer>
      <Breadcrumb items={breadcrumb} />
      <SectionHeading>Our Projects</SectionHeading>
      <Lead>
        Cables, glands, jointing kits, wiring devices and switchgear accessories from our stock have gone into some of the
        best-known developments in the UAE.
      </Lead>
      <CardGrid as="ul" aria-label="Projects">
        {projects.map((project, index) => (
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
    </PageContainer>
  );
}
