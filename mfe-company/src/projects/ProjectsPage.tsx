import { Link } from 'react-router-dom';
import { Breadcrumb, PageContainer, SectionHeading } from '@site/shared-ui';

/** Our Projects (first version; the full page comes with the company pages issue). */
export default function ProjectsPage() {
  return (
    <PageContainer>
      <Breadcrumb items={[{ moduleName: 'Home', link: '/home' }, { moduleName: 'Our Projects' }]} />
      <SectionHeading>Our Projects</SectionHeading>
      <p>We have supplied landmark projects across the UAE. <Link to="/contact-us">Ask us about your project</Link>.</p>
    </PageContainer>
  );
}
