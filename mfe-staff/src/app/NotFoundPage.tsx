import { Link } from 'react-router-dom';
import { PageContainer } from '@site/shared-ui';
import { PageHeading } from '../ui/PageHeading';

/** An address of /staff/ that is no page. */
export function NotFoundPage() {
  return (
    <PageContainer>
      <PageHeading title="Page not found" />
      <p>
        There is no staff page at this address. <Link to="/inbox">Go to the inbox</Link>.
      </p>
    </PageContainer>
  );
}
