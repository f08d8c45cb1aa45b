import type { Locale } from '@site/contracts/locale';
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

/**
 * Sends the inquiry; true when the server accepted it. A failure is logged as a warning (the bot tells the visitor).
 * From an Arabic page it says so (`language: 'ar'`: the branch's mail names the visitor's language); an English page
 * sends no language (the server's default).
 */
export async function sendInquiry(payload: InquiryPayload, locale: Locale = 'en'): Promise<boolean> {
  try {
    const answer = await postJson(INQUIRY_PATH, locale === 'en' ? payload : { ...payload, language: locale });
    if (!answer.ok) console.warn(`The inquiry was not accepted: ${errorOf(answer)}`);
    return answer.ok;
  } catch (error) {
    console.warn('The inquiry could not be sent:', error);
    return false;
  }
}
