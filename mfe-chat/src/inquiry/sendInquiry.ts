import { errorOf, postJson } from '../api/postJson';

export const INQUIRY_PATH = '/api/send-inquiry';

/** Spec "Inquiry payload". userCountry is a branch name. */
export interface InquiryPayload {
  userName: string;
  userEmail: string;
  userCountry: string;
  inquiryPhone: string;
  inquiryMessage: string;
  companyName: string;
  companyLocation: string;
}

/** Sends the inquiry; true when the server accepted it. A failure is logged as a warning (the bot tells the visitor). */
export async function sendInquiry(payload: InquiryPayload): Promise<boolean> {
  try {
    const answer = await postJson(INQUIRY_PATH, payload);
    if (!answer.ok) console.warn(`The inquiry was not accepted: ${errorOf(answer)}`);
    return answer.ok;
  } catch (error) {
    console.warn('The inquiry could not be sent:', error);
    return false;
  }
}
