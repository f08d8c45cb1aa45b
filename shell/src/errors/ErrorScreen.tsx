import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer } from '@site/shared-ui';
import { HOME_PATH } from '@site/contracts/paths';

const Stack = styled.pre`
  padding: 12px;
  overflow: auto;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

/** An address that is none of the site's routes. */
export class PageNotFoundError extends Error {
  readonly status = 404;
  readonly statusText = 'Not Found';

  constructor(readonly pathname: string) {
    super(`No page at ${pathname}`);
    this.name = 'PageNotFoundError';
  }
}

/** What went wrong, as a visitor (and a developer) can read it. */
export function describeRouteError(error: unknown): { summary: string; stack?: string } {
  if (error instanceof PageNotFoundError) {
    return { summary: `${error.status} ${error.statusText}` };
  }
  if (error instanceof Error) {
    return { summary: error.message, stack: error.stack };
  }
  return { summary: String(error) };
}

/** The error screen of a route that is unknown or failed (spec: 'Unexpected Application Error!'). */
export function ErrorScreen({ error }: { error: unknown }) {
  const { summary, stack } = describeRouteError(error);
  return (
    <PageContainer role="alert">
      <h1>Unexpected Application Error!</h1>
      <h2>{summary}</h2>
      {stack ? <Stack>{stack}</Stack> : null}
      <p>
        <Link to={HOME_PATH}>Go to the home page</Link>
      </p>
    </PageContainer>
  );
}
