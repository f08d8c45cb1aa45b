import { Link } from 'react-router-dom';
import { PageContainer } from '@site/shared-ui';
import { canReadInbox } from '@site/contracts/staff-api';
import { useStaffSelector } from './store';
import { selectAccount } from '../session/sessionSlice';
import { PageHeading } from '../ui/PageHeading';

/** An address of /staff/ that is no page. */
export function NotFoundPage() {
  const account = useStaffSelector(selectAccount);
  const inbox = account === null || canReadInbox(account);
  return (
    <PageContainer>
      <PageHeading title="Page not found" />
      <p>
        There is no staff page at this address. {inbox ? <Link to="/inbox">Go to the inbox</Link> : <Link to="/catalogue">Go to the catalogue</Link>}.
      </p>
    </PageContainer>
  );
}
