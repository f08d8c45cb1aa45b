import { Link } from 'react-router-dom';
import { Breadcrumb, PageContainer, SectionHeading } from '@site/shared-ui';

/** Management (first version; the full page comes with the company pages issue). */
export default function ManagementPage() {
  return (
    <PageContainer>
      <Breadcrumb items={[{ moduleName: 'Home', link: '/home' }, { moduleName: 'Management' }]} />
      <SectionHeading>Management</SectionHeading>
      <p>Our management team leads our branches in Dubai, Oman, Bahrain and Saudi Arabia. <Link to="/contact-us">Contact us</Link>.</p>
    </PageContainer>
  );
}
