import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the visitor went to another address) clears a caught error, so the next page renders. */
  resetKey: unknown;
}

interface RouteErrorBoundaryState {
  error: unknown;
  caughtAt: unknown;
}

const NO_ERROR = Symbol('no error');

/** Shows the error screen in place of a page that failed (a remote that could not load, a render error). */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: NO_ERROR, caughtAt: undefined };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    if (state.error === NO_ERROR) return state.caughtAt === props.resetKey ? null : { caughtAt: props.resetKey };
    // An error caught for an earlier address is cleared; one caught for this address stays.
    return state.caughtAt === props.resetKey ? null : { error: NO_ERROR, caughtAt: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A page failed; the error screen is shown instead.', error);
  }

  override render() {
    return this.state.error === NO_ERROR ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}
