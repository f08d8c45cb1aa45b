import type { ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorScreen } from './ErrorScreen';
import { StartedMark } from '../app/StartedMark';

const errorScreen = (error: unknown) => (
  <>
    <ErrorScreen error={error} />
    <StartedMark />
  </>
);

/** Shows the error screen in place of a page that failed, until the visitor goes to another address. */
export function RouteErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey: unknown }) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={errorScreen}
      warning="A page failed; the error screen is shown instead."
    >
      {children}
    </ErrorBoundary>
  );
}
