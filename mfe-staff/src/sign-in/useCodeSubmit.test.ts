// What the code steps send: an authenticator code as its 6 digits (spaces as the apps show them dropped), a recovery
// code trimmed; anything else is not sent.
import { typedCode } from './useCodeSubmit';

describe('typedCode', () => {
  it('reads an authenticator code with or without its space', () => {
    expect(typedCode('123 456', 'totp')).toBe('123456');
    expect(typedCode(' 654321 ', 'totp')).toBe('654321');
  });

  it('refuses what is not six digits', () => {
    for (const typed of ['', '12345', '1234567', '12a456']) expect(typedCode(typed, 'totp')).toBeNull();
  });

  it('takes a recovery code as typed, trimmed, and refuses an empty one', () => {
    expect(typedCode('  abcd-efgh ', 'recovery')).toBe('abcd-efgh');
    expect(typedCode('   ', 'recovery')).toBeNull();
  });
});
