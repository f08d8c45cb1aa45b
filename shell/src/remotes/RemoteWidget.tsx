import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RemotePage, type RemotePageProps } from './RemotePage';

interface FallbackOnErrorProps {
  children: ReactNode;
  label: string;
  fallback: ReactNode;
  /** When this changes after a failure (the visitor navigated), the remote is tried again. */
  retryKey?: unknown;
}

class FallbackOnError extends Component<FallbackOnErrorProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.label} is unavailable; the page works without it.`, error);
  }

  override componentDidUpdate(previous: FallbackOnErrorProps) {
    if (this.state.failed && previous.retryKey !== this.props.retryKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteWidgetProps<P extends object> extends RemotePageProps<P> {
  /** Shown instead when the remote cannot be loaded (nothing by default). */
  fallback?: ReactNode;
}

/** A remote component that is part of the frame (chat, search): if it fails, the fallback shows, never a broken page. */
export function RemoteWidget<P extends object = object>({ fallback = null, ...props }: RemoteWidgetProps<P>) {
  const { key: locationKey } = useLocation();
  return (
    <FallbackOnError label={`${props.remote}/${props.modulePath}`} fallback={fallback} retryKey={locationKey}>
      <Suspense fallback={null}>
        <RemotePage {...props} />
      </Suspense>
    </FallbackOnError>
  );
}
