import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer } from '@site/shared-ui';
import { useStaffSelector } from '../app/store';
import { BareFrame } from '../ui/Frame';
import { PageHeading } from '../ui/PageHeading';
import { Notice } from '../ui/Notice';
import { safeReturnPath, selectSession } from '../session';
import { CredentialsStep } from './CredentialsStep';
import { SecondFactorStep } from './SecondFactorStep';
import { TotpSetupStep } from './TotpSetupStep';
import { RecoveryCodesStep } from './RecoveryCodesStep';

const Narrow = styled(PageContainer)`
  max-width: 560px;
`;

/**
 * /staff/sign-in: e-mail and password, then for an account with a second factor that step (a code from their app, or a
 * recovery code), or, for an admin, catalogue or release account without one yet, its set-up (QR code, key, first
 * code) and the recovery codes, shown once. The step
 * follows the session's state, so a reload in the middle lands on the same step.
 */
export default function SignInPage() {
  const session = useStaffSelector(selectSession);
  const location = useLocation();
  const next = safeReturnPath(new URLSearchParams(location.search).get('next'));

  if (session.recoveryCodes !== null) {
    return (
      <SignInFrame title="Save your recovery codes">
        <RecoveryCodesStep codes={session.recoveryCodes} />
      </SignInFrame>
    );
  }
  switch (session.status) {
    case 'active':
      return <Navigate to={next} replace />;
    case 'second-factor':
      return (
        <SignInFrame title="Two-step sign-in">
          <SecondFactorStep />
        </SignInFrame>
      );
    case 'totp-setup':
      return (
        <SignInFrame title="Set up two-step sign-in">
          <TotpSetupStep />
        </SignInFrame>
      );
    default:
      return (
        <SignInFrame title="Staff sign-in">
          {session.endedBy === 'expiry' ? <Notice>Your session has ended. Please sign in again.</Notice> : null}
          {session.endedBy === 'sign-out' ? <Notice tone="success">You have signed out.</Notice> : null}
          <CredentialsStep />
        </SignInFrame>
      );
  }
}

function SignInFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <BareFrame>
      <Narrow>
        <PageHeading title={title} />
        <Steps>{children}</Steps>
      </Narrow>
    </BareFrame>
  );
}

const Steps = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
`;
