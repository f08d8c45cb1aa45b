// What the sign-in feature lends the other features: the second factor's set-up steps, which the account page reuses.
export { RecoveryCodesStep } from './RecoveryCodesStep';
export { TotpSetupStep } from './TotpSetupStep';
