import { LoadError, PageContainer, Spinner } from '@site/shared-ui';
import { useReleaseRemotesQuery } from '../api/staffApi';
import { useStaffSelector } from '../app/store';
import { selectIsAdmin } from '../session';
import { PageHeading } from '../ui/PageHeading';
import { staffResource } from '../ui/staffResource';
import { RemoteConsole } from './RemoteConsole';
import { TokensSection } from './TokensSection';
import { SiteVitals } from './VitalsSection';

/**
 * /staff/releases: the releases console. Each of the caller's remotes (an admin's: all; release staff's: their own)
 * with its releases and live pointers; every server process applies a change within seconds, with no restart.
 * Administrators also manage the pipelines' tokens here.
 */
export function ReleasesPage() {
  const admin = useStaffSelector(selectIsAdmin);
  const { resource, retry } = staffResource(useReleaseRemotesQuery());

  let body;
  if (resource.data !== undefined) {
    body =
      resource.data.remotes.length === 0 ? (
        <p>None of your remotes is in the registry yet: it is added when the site starts with the remote configured.</p>
      ) : (
        resource.data.remotes.map((listing) => (
          <RemoteConsole key={listing.remote} listing={listing} onChanged={retry} />
        ))
      );
  } else if (resource.status === 'failed') {
    body = <LoadError message={`The releases could not be loaded. ${resource.error}`} onRetry={retry} />;
  } else {
    body = <Spinner label="Loading the releases" />;
  }

  return (
    <PageContainer>
      <PageHeading title="Releases" />
      <p>
        A registered release is not live until it is the canary (for a share of visitors) or promoted (for everyone).
        Roll back takes the canary out and puts the previous stable release back.
      </p>
      {body}
      {resource.data !== undefined && resource.data.remotes.length > 0 ? <SiteVitals /> : null}
      {admin ? <TokensSection /> : null}
    </PageContainer>
  );
}
