import { REGISTRATION_API_PATH } from '@site/contracts/api';
import type { RegistrationBody } from '@site/contracts/forms-api';
import { errorOf, postJson } from '../api/postJson';
import type { VisitorDetails } from './visitorProfile';

/**
 * Tells the company who started a chat (spec: the result is not shown; a failure is only logged, as a warning:
 * the visitor is thanked either way).
 */
export async function registerVisitor(details: VisitorDetails): Promise<void> {
  try {
    const answer = await postJson(REGISTRATION_API_PATH, details satisfies RegistrationBody);
    if (!answer.ok) console.warn(`The chat registration was not accepted: ${errorOf(answer)}`);
  } catch (error) {
    console.warn('The chat registration could not be sent:', error);
  }
}
