import { Component, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the visitor went to another address) clears a caught error, so the children are tried again. */
  resetKey: unknown;
  /** What shows instead of the children once they failed. */
  fallback: (error: unknown) => ReactNode;
  /** What the console says about a caught error (a warning: the page goes on working). */
  warning: string;
}

interface ErrorBoundaryState {
  error: unknown;
  caughtAt: unknown;
}

const NO_ERROR = Symbol('no error');

/** Catches a failed part of the page (a remote that could not load, a render error) until the visitor navigates. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: NO_ERROR, caughtAt: undefined };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (state.error === NO_ERROR) return state.caughtAt === props.resetKey ? null : { caughtAt: props.resetKey };
    // An error caught for an earlier address is cleared; one caught for this address stays (no retry loop).
    return state.caughtAt === props.resetKey ? null : { error: NO_ERROR, caughtAt: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.warn(this.props.warning, error);
  }

  override render() {
    return this.state.error === NO_ERROR ? this.props.children : this.props.fallback(this.state.error);
  }
}
