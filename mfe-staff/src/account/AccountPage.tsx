import { useState } from 'react';
import styled from 'styled-components';
import { Button, PageContainer } from '@site/shared-ui';
import { useStaffSelector } from '../app/store';
import { selectSession } from '../session';
import { RecoveryCodesStep, TotpSetupStep } from '../sign-in';
import { ROLE_LABELS } from '../ui/labels';
import { Notice } from '../ui/Notice';
import { PageHeading } from '../ui/PageHeading';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 8px 24px;
  margin: 0 0 24px;
  dt { font-weight: 600; }
  dd { margin: 0; }
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  max-width: 640px;
  h2 { margin: 0; font-size: ${({ theme }) => theme.typeScale.lg}; }
  p { margin: 0; }
`;

/**
 * /staff/account: who is signed in, and their second sign-in step. Admins, catalogue and release staff always have one
 * (their first sign-in sets it up); branch staff may add one here, after which their password alone no longer signs
 * them in.
 */
export function AccountPage() {
  const { account, secondFactor, recoveryCodes } = useStaffSelector(selectSession);
  const [settingUp, setSettingUp] = useState(false);
  if (account === null) return null;

  let twoStep;
  if (recoveryCodes !== null) twoStep = <RecoveryCodesStep codes={recoveryCodes} />;
  else if (secondFactor) {
    twoStep = (
      <Notice tone="success">
        Two-step sign-in is on: each sign-in asks for a code from your authenticator app after your password. Lost your
        phone? Sign in with a recovery code, or ask an administrator to reset it.
      </Notice>
    );
  } else if (settingUp) {
    twoStep = (
      <TotpSetupStep
        intro="A second step keeps your account safe even if someone learns your password."
        cancel={{ label: 'Not now', onClick: () => setSettingUp(false) }}
      />
    );
  } else {
    twoStep = (
      <>
        <p>
          Your account signs in with its password alone. Add a second step: a 6-digit code from an authenticator app on
          your phone, asked after your password at each sign-in.
        </p>
        <div>
          <Button type="button" onClick={() => setSettingUp(true)}>
            Set up two-step sign-in
          </Button>
        </div>
      </>
    );
  }

  return (
    <PageContainer>
      <PageHeading title="Your account" />
      <Details>
        <dt>E-mail</dt>
        <dd>{account.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[account.role]}</dd>
        {account.branch !== null ? (
          <>
            <dt>Branch</dt>
            <dd>{account.branch}</dd>
          </>
        ) : null}
      </Details>
      <Section aria-labelledby="two-step-heading">
        <h2 id="two-step-heading">Two-step sign-in</h2>
        {twoStep}
      </Section>
    </PageContainer>
  );
}
