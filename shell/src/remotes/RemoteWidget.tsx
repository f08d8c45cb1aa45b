import { Component, Suspense, type ReactNode } from 'react';
import { RemotePage, type RemotePageProps } from './RemotePage';

class HideOnError extends Component<{ children: ReactNode; label: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.label} is unavailable; the page works without it.`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A remote component that is part of the frame (the chat): if it fails, it is left out, never the page. */
export function RemoteWidget(props: RemotePageProps) {
  return (
    <HideOnError label={`${props.remote}/${props.modulePath}`}>
      <Suspense fallback={null}>
        <RemotePage {...props} />
      </Suspense>
    </HideOnError>
  );
}
