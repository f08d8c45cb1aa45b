import { useState } from 'react';
import { Button } from '@site/shared-ui';
import { useStaffDispatch } from '../app/store';
import { signInRestarted, submitSecondFactor } from '../session';
import { Notice } from '../ui/Notice';
import { Actions, StaffField } from '../ui/StaffField';
import { StepForm } from './StepForm';
import { useCodeSubmit } from './useCodeSubmit';

/** The second step of an account that has one: the 6-digit code of its authenticator app, or one of its recovery codes. */
export function SecondFactorStep() {
  const dispatch = useStaffDispatch();
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [code, setCode] = useState('');
  const { error, setError, sending, submit } = useCodeSubmit((typed) => dispatch(submitSecondFactor(typed)).unwrap());

  const switchKind = () => {
    setUseRecoveryCode((current) => !current);
    setCode('');
    setError('');
  };

  return (
    <StepForm aria-label="Two-step sign-in" onSubmit={submit(code, useRecoveryCode ? 'recovery' : 'totp')} noValidate>
      <p>
        {useRecoveryCode
          ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Crescent Electrical staff.'}
      </p>
      <StaffField
        label={useRecoveryCode ? 'Recovery code' : '6-digit code'}
        required
        key={useRecoveryCode ? 'recovery' : 'totp'}
      >
        {(control) => (
          <input
            {...control}
            name="code"
            autoComplete="one-time-code"
            inputMode={useRecoveryCode ? 'text' : 'numeric'}
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </StaffField>
      <Notice tone="error">{error}</Notice>
      <Actions>
        <Button type="submit" disabled={sending}>
          {sending ? 'Checking…' : 'Verify'}
        </Button>
        <Button type="button" $variant="secondary" onClick={switchKind}>
          {useRecoveryCode ? 'Use a code from my app' : 'Use a recovery code instead'}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => dispatch(signInRestarted())}>
          Start again
        </Button>
      </Actions>
    </StepForm>
  );
}
