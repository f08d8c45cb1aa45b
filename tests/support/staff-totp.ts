// The first sign-in through the staff API of an account whose role must have a second factor (admin, catalogue,
// release: SECOND_FACTOR_ROLES in @site/contracts/staff-api): the password leads only to the TOTP set-up, so a spec
// that works through the API sets it up as the staff app would, then holds an active session. (In a browser the same
// steps are staff.ts's submitPassword, setUpTotp and confirmCodesSaved.)
import type { APIRequestContext } from '@playwright/test';
import { CSRF_HEADER, mustUseSecondFactor, STAFF_API, type SignInResult, type StaffSession, type TotpSetup } from '@site/contracts/staff-api';
import { expect } from './fixtures';
import { totpCode, type StaffAccount } from './staff';

export interface TotpSignIn {
  session: StaffSession;
  /** The base32 key the set-up gave: totpCode(secret) is the account's next code (one per 30 s step). */
  secret: string;
}

/**
 * `account`'s first sign-in on the request context `staff` (its baseURL the staff origin): the password, then the
 * TOTP set-up and its first code. Returns the active session (its CSRF token) and the key, for a later sign-in.
 */
export async function firstSignInWithTotp(staff: APIRequestContext, account: Pick<StaffAccount, 'email' | 'password' | 'role'>): Promise<TotpSignIn> {
  expect(mustUseSecondFactor(account), `${account.role} accounts sign in without a second factor: use the password alone`).toBe(true);
  const signedIn = await staff.post(STAFF_API.signIn, { data: { email: account.email, password: account.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const waiting = (await signedIn.json()) as SignInResult;
  expect(waiting.state, 'the password alone only reaches the set-up').toBe('totp-setup');
  const setup = await staff.post(STAFF_API.totpSetup, { headers: { [CSRF_HEADER]: waiting.csrfToken } });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as TotpSetup;
  const confirmed = await staff.post(STAFF_API.totpConfirm, { headers: { [CSRF_HEADER]: waiting.csrfToken }, data: { code: totpCode(secret) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { session: ((await confirmed.json()) as { session: StaffSession }).session, secret };
}
