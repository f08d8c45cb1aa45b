import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer } from '@site/shared-ui';
import { HOME_PATH } from '@site/contracts/paths';
import { useLocale } from '@site/shared-store';
import { useText } from '../i18n/useText';

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

/** What went wrong, as a visitor (and a developer) can read it, in English (the spec's texts). */
export function describeRouteError(error: unknown): { summary: string; stack?: string } {
  if (error instanceof PageNotFoundError) {
    return { summary: `${error.status} ${error.statusText}` };
  }
  if (error instanceof Error) {
    return { summary: error.message, stack: error.stack };
  }
  return { summary: String(error) };
}

/**
 * The error screen of a route that is unknown or failed (spec: 'Unexpected Application Error!'). On an Arabic page
 * the heading and summary are Arabic; a failure's technical message (English, for a developer) stays in the details
 * below, left to right.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const text = useText();
  const english = useLocale() === 'en';
  const described = describeRouteError(error);
  const summary =
    error instanceof PageNotFoundError
      ? text('errors.notFound', { status: error.status })
      : english
        ? described.summary
        : text('errors.pageFailed');
  // An unknown address has nothing more to say (its Arabic summary says it all); a failure's message is for a developer.
  const details =
    english || error instanceof PageNotFoundError ? described.stack : (described.stack ?? described.summary);
  return (
    <PageContainer role="alert">
      <h1>{text('errors.title')}</h1>
      <h2>{summary}</h2>
      {details ? (
        <Stack dir="ltr" lang={english ? undefined : 'en'}>
          {details}
        </Stack>
      ) : null}
      <p>
        <Link to={HOME_PATH}>{text('errors.homeLink')}</Link>
      </p>
    </PageContainer>
  );
}
