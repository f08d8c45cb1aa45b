// The password policy, argon2id hashing, the TOTP window and the recovery codes' form, on their own.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { assertTakesAsLong } from '../test-support/timing.js';
import { generatePassword, hashPassword, passwordProblem, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { looksLikeTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpEnrolment, totpStep } from './totp.js';

describe('the password policy', () => {
  test('at least 12 characters (counted as characters, not bytes), at most 256', () => {
    assert.match(
      passwordProblem('short words') ?? '',
      /^The password must be at least 12 characters long \(it has 11\)\.$/,
    );
    assert.match(passwordProblem('ééééé-ààààà') ?? '', /at least 12 characters long \(it has 11\)/);
    assert.equal(passwordProblem('amber falcon quietly 71'), undefined);
    assert.match(passwordProblem('x'.repeat(200) + 'amber falcon quietly'.repeat(3)) ?? '', /at most 256/);
  });

  test('common passwords are refused, also in other cases and with digits or symbols around them', () => {
    for (const common of [
      'Qwertyuiop12!',
      '1q2w3e4r5t6y',
      '1QAZ2WSX3EDC',
      'QWERTY123456',
      'Password2024!',
      '!!Sunshine1234',
      'football123456',
      '123456789012',
    ]) {
      assert.match(passwordProblem(common) ?? '', /most common passwords/, common);
    }
    // the list is zxcvbn-ts's, ~49,000 words: a real list, not a handful
    assert.match(passwordProblem('iloveyou1234') ?? '', /most common/);
  });

  test('repeated characters or runs, and the account’s own e-mail, are refused', () => {
    assert.match(passwordProblem('aaaaaaaaaaaaaaa') ?? '', /repeats/);
    assert.match(passwordProblem('abcabcabcabcabc') ?? '', /repeats/);
    assert.match(passwordProblem('abcdabcdabcd') ?? '', /repeats/);
    assert.match(passwordProblem('1212121212aa') ?? '', /repeats/, 'fewer than 4 different characters');
    assert.match(passwordProblem('fatima.rahman@crescent.example', 'fatima.rahman@crescent.example') ?? '', /e-mail/);
    assert.match(passwordProblem('FatimaRahman2024', 'fatima.rahman@crescent.example') ?? '', /e-mail/);
    assert.equal(passwordProblem('amber falcon quietly 71', 'fatima.rahman@crescent.example'), undefined);
  });

  test('generated passwords pass the policy', () => {
    for (let i = 0; i < 50; i += 1) assert.equal(passwordProblem(generatePassword()), undefined);
  });
});

describe('argon2id', () => {
  test('hashes are argon2id with salt and the OWASP parameters, verified; a wrong password or a broken hash is false', async () => {
    const hash = await hashPassword('amber falcon quietly 71');
    assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    assert.notEqual(await hashPassword('amber falcon quietly 71'), hash, 'salted');
    assert.equal(await verifyPassword(hash, 'amber falcon quietly 71'), true);
    assert.equal(await verifyPassword(hash, 'amber falcon quietly 72'), false);
    assert.equal(await verifyPassword('not a hash', 'x'), false);
  });

  test('the dummy verify of an unknown e-mail takes as long as a real one', async () => {
    const hash = await hashPassword('amber falcon quietly 71');
    await verifyAgainstDummy('warm-up'); // the dummy hash is made on first use
    await assertTakesAsLong(
      { name: 'dummy', run: (i) => verifyAgainstDummy(`guess ${i}`) },
      { name: 'real', run: (i) => verifyPassword(hash, `guess ${i}`) },
      { atLeast: 0.6, runs: 5 },
    );
  });
});

describe('TOTP', () => {
  const secret = newTotpSecret();
  const codeAt = (ms: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });
  const now = Date.UTC(2026, 10, 23, 9, 0, 10); // 10 s into a 30 s step
  const step = Math.floor(now / 30_000);

  test('a code is valid in its step and one step either side (clock drift), not two', () => {
    assert.equal(totpStep(secret, codeAt(now), now), step);
    assert.equal(totpStep(secret, codeAt(now - 30_000), now), step - 1);
    assert.equal(totpStep(secret, codeAt(now + 30_000), now), step + 1);
    assert.equal(totpStep(secret, codeAt(now - 60_000), now), undefined);
    assert.equal(totpStep(secret, codeAt(now + 60_000), now), undefined);
    assert.equal(totpStep(secret, 'abcdef', now), undefined);
    assert.equal(totpStep(secret, '12345', now), undefined);
  });

  test('the secret is 160 bits; the enrolment has an otpauth URL and an SVG QR code of it', async () => {
    assert.match(secret, /^[A-Z2-7]{32}$/);
    const { otpauthUrl, qrSvg } = await totpEnrolment(secret, 'admin@crescent.example');
    const url = new URL(otpauthUrl);
    assert.equal(url.protocol, 'otpauth:');
    assert.equal(url.searchParams.get('secret'), secret);
    assert.equal(url.searchParams.get('period'), '30');
    assert.equal(url.searchParams.get('digits'), '6');
    assert.match(qrSvg, /^<svg[\s\S]*<path[\s\S]*<\/svg>\s*$/);
    assert.ok(!/<script/i.test(qrSvg));
  });

  test('codes typed with a space are TOTP codes; anything else is taken as a recovery code', () => {
    assert.equal(looksLikeTotp('123 456'), true);
    assert.equal(looksLikeTotp('abcde-fghjk'), false);
  });
});

describe('recovery codes', () => {
  test('ten different codes, xxxxx-xxxxx from an unambiguous alphabet; the hash ignores case, spaces and hyphens', () => {
    const codes = newRecoveryCodes();
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);
    for (const code of codes) assert.match(code, /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const [code] = codes as [string];
    assert.equal(recoveryCodeHash(code.toUpperCase().replace('-', ' ')), recoveryCodeHash(code));
    assert.notEqual(recoveryCodeHash(code), recoveryCodeHash(codes[1]!));
    assert.match(recoveryCodeHash(code), /^[0-9a-f]{64}$/);
  });
});
