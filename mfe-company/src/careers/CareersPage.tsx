import { Link } from 'react-router-dom';
import { Breadcrumb, PageContainer, SectionHeading } from '@site/shared-ui';

/** Career Opportunities (first version; the full page comes with the company pages issue). */
export default function CareersPage() {
  return (
    <PageContainer>
      <Breadcrumb items={[{ moduleName: 'Home', link: '/home' }, { moduleName: 'Career Opportunities' }]} />
      <SectionHeading>Career Opportunities</SectionHeading>
      <p>We are hiring a Sales Head for our new Oil &amp; Gas Division. <Link to="/contact-us">Get in touch</Link>.</p>
    </PageContainer>
  );
}
