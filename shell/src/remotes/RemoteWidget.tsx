import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { RemotePage, type RemotePageProps } from './RemotePage';

export type RemoteWidgetProps = RemotePageProps & {
  /** Shown instead when the remote cannot be loaded (nothing by default). */
  fallback?: ReactNode;
};

/** A remote component that is part of the frame (chat, search): if it fails, the fallback shows, never a broken page. */
export function RemoteWidget({ fallback = null, ...props }: RemoteWidgetProps) {
  const { key: locationKey } = useLocation();
  return (
    <ErrorBoundary
      resetKey={locationKey}
      fallback={() => fallback}
      warning={`${props.remote}/${props.modulePath} is unavailable; the page works without it.`}
    >
      <Suspense fallback={null}>
        <RemotePage {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
