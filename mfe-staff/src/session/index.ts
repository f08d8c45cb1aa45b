// What the session feature lends the other features: who is signed in (the slice's actions and selectors) and where
// a sign-in returns to. The guards and the start-up are app/'s to place (StaffApp.tsx).
export {
  confirmTotp,
  recoveryCodesSaved,
  selectAccount,
  selectIsAdmin,
  selectSession,
  signIn,
  signInRestarted,
  startTotpSetup,
  submitSecondFactor,
} from './sessionSlice';
export { safeReturnPath } from './returnPath';
