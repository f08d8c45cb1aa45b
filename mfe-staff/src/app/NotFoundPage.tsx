import { Link } from 'react-router-dom';
import { PageContainer } from '@site/shared-ui';
import { canReadInbox } from '@site/contracts/staff-api';
import { useStaffSelector } from './store';
import { selectAccount } from '../session/sessionSlice';
import { workPathOf } from '../session/RequireRole';
import { PageHeading } from '../ui/PageHeading';

/** An address of /staff/ that is no page. */
export function NotFoundPage() {
  const account = useStaffSelector(selectAccount);
  return (
    <PageContainer>
      <PageHeading title="Page not found" />
      <p>
        There is no staff page at this address.{' '}
        {account === null || canReadInbox(account) ? (
          <Link to="/inbox">Go to the inbox</Link>
        ) : (
          <Link to={workPathOf(account)}>
            {account.role === 'release' ? 'Go to the releases' : 'Go to the catalogue'}
          </Link>
        )}
        .
      </p>
    </PageContainer>
  );
}
