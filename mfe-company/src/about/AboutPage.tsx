import { Link } from 'react-router-dom';
import { Breadcrumb, PageContainer, SectionHeading } from '@site/shared-ui';

/** About Us (first version; the full page comes with the company pages issue). */
export default function AboutPage() {
  return (
    <PageContainer>
      <Breadcrumb items={[{ moduleName: 'Home', link: '/home' }, { moduleName: 'About Us' }]} />
      <SectionHeading>About Us</SectionHeading>
      <p>Since 1995 we have supplied electrical products and industrial solutions to contractors, utilities and industry across the Gulf. <Link to="/our-products">Browse our products</Link>.</p>
    </PageContainer>
  );
}
