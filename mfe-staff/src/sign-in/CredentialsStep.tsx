import { useState, type FormEvent } from 'react';
import { Button } from '@site/shared-ui';
import { useStaffDispatch } from '../app/store';
import { messageOf } from '../api/staffBaseQuery';
import { signIn } from '../session';
import { Notice } from '../ui/Notice';
import { Actions, StaffField } from '../ui/StaffField';
import { StepForm } from './StepForm';

/** The first step: e-mail and password. What follows depends on the session the server answers (SignInPage.tsx). */
export function CredentialsStep() {
  const dispatch = useStaffDispatch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setError('Enter your e-mail address and your password.');
      return;
    }
    setError('');
    setSending(true);
    try {
      await dispatch(signIn({ email: email.trim(), password })).unwrap();
    } catch (failure) {
      setError(messageOf(failure));
      setSending(false);
    }
  };

  return (
    <StepForm aria-label="Sign in" onSubmit={submit} noValidate>
      <StaffField label="E-mail" required>
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </StaffField>
      <StaffField label="Password" required>
        {(control) => (
          <input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </StaffField>
      <Notice tone="error">{error}</Notice>
      <Actions>
        <Button type="submit" disabled={sending}>
          {sending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Actions>
    </StepForm>
  );
}
