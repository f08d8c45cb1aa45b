import { useState, type FormEvent } from 'react';
import { messageOf } from '../api/staffBaseQuery';

/** Six digits, spaces allowed as the apps show them ('123 456'). */
export const TOTP_CODE = /^\d{6}$/;

/** Why a typed code is not sent: the authenticator's 6 digits, or a recovery code. */
const PROBLEM = {
  totp: 'Enter the 6-digit code your authenticator app shows.',
  recovery: 'Enter one of your recovery codes.',
} as const;

/** The code as sent ('123 456' → '123456'; a recovery code trimmed), or null when it cannot be one. */
export function typedCode(code: string, kind: keyof typeof PROBLEM): string | null {
  if (kind === 'recovery') return code.trim() === '' ? null : code.trim();
  const digits = code.replace(/\s/g, '');
  return TOTP_CODE.test(digits) ? digits : null;
}

/**
 * The sign-in steps that ask for a code (second factor, TOTP set-up): check what was typed, send it once at a time,
 * and show the server's refusal. `send` resolves when the step is done (the session moves on), rejects with a StaffFailure.
 */
export function useCodeSubmit(send: (code: string) => Promise<unknown>) {
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const submit = (code: string, kind: keyof typeof PROBLEM) => async (event: FormEvent) => {
    event.preventDefault();
    const typed = typedCode(code, kind);
    if (typed === null) return setError(PROBLEM[kind]);
    setError('');
    setSending(true);
    try {
      await send(typed);
    } catch (failure) {
      setError(messageOf(failure));
      setSending(false);
    }
  };

  return { error, setError, sending, submit };
}
