import { useEffect, type ReactNode } from 'react';
import { LoadError, PageContainer, Spinner } from '@site/shared-ui';
import { useStaffDispatch, useStaffSelector } from '../app/store';
import { BareFrame } from '../ui/Frame';
import { loadSession, selectSession } from './sessionSlice';

/** Reads the session once as the app starts (GET session: who is signed in, and the CSRF token), then shows the app. */
export function SessionStart({ children }: { children: ReactNode }) {
  const dispatch = useStaffDispatch();
  const { status, error } = useStaffSelector(selectSession);
  useEffect(() => {
    const request = dispatch(loadSession());
    return () => request.abort();
  }, [dispatch]);

  if (status === 'checking') {
    return (
      <BareFrame>
        <PageContainer>
          <Spinner label="Checking your session" />
        </PageContainer>
      </BareFrame>
    );
  }
  if (status === 'unreachable') {
    return (
      <BareFrame>
        <PageContainer>
          <LoadError
            message={`The staff pages could not start. ${error ?? ''}`}
            onRetry={() => void dispatch(loadSession())}
          />
        </PageContainer>
      </BareFrame>
    );
  }
  return children;
}
