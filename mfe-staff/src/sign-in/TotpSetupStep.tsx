import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, LoadError, Spinner } from '@site/shared-ui';
import type { StaffRole, TotpSetup } from '@site/contracts/staff-api';
import { useStaffDispatch, useStaffSelector } from '../app/store';
import { messageOf } from '../api/staffBaseQuery';
import { confirmTotp, selectAccount, signInRestarted, startTotpSetup } from '../session';
import { Notice } from '../ui/Notice';
import { Actions, StaffField } from '../ui/StaffField';
import { StepForm } from './StepForm';
import { useCodeSubmit } from './useCodeSubmit';
import { CopyButton } from '../ui/CopyButton';

/**
 * The server's QR code as an image. The SVG is drawn by the browser as a picture (an <img> runs no script and reaches
 * nothing), never put into the page as markup, so whatever the string holds cannot act on the page.
 */
export function qrImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

const Qr = styled.img`
  display: block;
  width: 200px;
  height: 200px;
  padding: 8px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Secret = styled.code`
  font-size: ${({ theme }) => theme.typeScale.lg};
  letter-spacing: 0.05em;
  word-break: break-all;
`;

type Setup = { status: 'loading' } | { status: 'ready'; setup: TotpSetup } | { status: 'failed'; error: string };

export interface TotpSetupStepProps {
  /** Why this person sets it up; by default why their role must (SECOND_FACTOR_ROLES, at sign-in). */
  intro?: string;
  /** The secondary button: the sign-in page starts again; the account page closes the set-up. */
  cancel?: { label: string; onClick: () => void };
}

/** Why the sign-in asks for the set-up: the roles that change what the public sees must have a second step. */
const REQUIRED_INTRO: Record<StaffRole, string> = {
  admin: 'Administrators sign in with a second step.',
  catalogue: 'Catalogue editors change what the public sees, so they sign in with a second step.',
  release: 'Release staff change what the public sees, so they sign in with a second step.',
  branch: 'A second step keeps your account safe even if someone learns your password.',
};

/**
 * Connect an authenticator app (QR code or key) and prove it with a code: the first sign-in of a role that must have
 * one (admin, catalogue, release), or any account's page.
 */
export function TotpSetupStep({ intro, cancel }: TotpSetupStepProps) {
  const account = useStaffSelector(selectAccount);
  const why = intro ?? REQUIRED_INTRO[account?.role ?? 'admin'];
  const dispatch = useStaffDispatch();
  const [setup, setSetup] = useState<Setup>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState('');
  // The session turns active with the recovery codes, which the sign-in page then shows (SignInPage.tsx).
  const { error, sending, submit } = useCodeSubmit((typed) => dispatch(confirmTotp(typed)).unwrap());
  // Each POST makes a new secret: one per attempt, even when React runs the effect twice (StrictMode).
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    dispatch(startTotpSetup())
      .unwrap()
      .then(
        (answer) => setSetup({ status: 'ready', setup: answer }),
        (failure: unknown) => setSetup({ status: 'failed', error: messageOf(failure) }),
      );
  }, [dispatch, attempt]);

  if (setup.status === 'loading') return <Spinner label="Preparing your QR code" />;
  if (setup.status === 'failed') {
    return (
      <LoadError
        message={`The set-up could not start. ${setup.error}`}
        onRetry={() => {
          setSetup({ status: 'loading' });
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  const { qrSvg, secret } = setup.setup;
  return (
    <>
      <p>
        {why} Scan this QR code with an authenticator app on your phone (for example Google Authenticator, Microsoft
        Authenticator or 1Password).
      </p>
      <Qr
        src={qrImageSource(qrSvg)}
        alt="QR code that adds your staff account to an authenticator app"
        width={200}
        height={200}
      />
      <p>Cannot scan it? Add the account in the app by typing this key:</p>
      <p>
        <Secret>{groupedSecret(secret)}</Secret>
      </p>
      <Actions>
        <CopyButton text={secret} label="Copy the key" done="The key is copied." />
      </Actions>
      <StepForm aria-label="Confirm two-step sign-in" onSubmit={submit(code, 'totp')} noValidate>
        <StaffField
          label="6-digit code from the app"
          required
          hint="The code proves the app is set up. It changes every 30 seconds."
        >
          {(control) => (
            <input
              {...control}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              spellCheck={false}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </StaffField>
        <Notice tone="error">{error}</Notice>
        <Actions>
          <Button type="submit" disabled={sending}>
            {sending ? 'Checking…' : 'Turn on two-step sign-in'}
          </Button>
          <Button type="button" $variant="secondary" onClick={cancel?.onClick ?? (() => dispatch(signInRestarted()))}>
            {cancel?.label ?? 'Start again'}
          </Button>
        </Actions>
      </StepForm>
    </>
  );
}
