import { INQUIRY_API_PATH } from '@site/contracts/api';
import type { InquiryBody } from '@site/contracts/forms-api';
import type { Locale } from '@site/contracts/locale';
import { errorOf, postJson } from '../api/postJson';

/**
 * Spec "Inquiry payload": the fields of the server's schema the form fills in, each as typed (userCountry is a branch
 * name); the page's language is added when sending.
 */
export type InquiryPayload = Record<keyof Omit<InquiryBody, 'language' | 'website'>, string>;

/**
 * Sends the inquiry; true when the server accepted it. A failure is logged as a warning (the bot tells the visitor).
 * From an Arabic page it says so (`language: 'ar'`: the branch's mail names the visitor's language); an English page
 * sends no language (the server's default).
 */
export async function sendInquiry(payload: InquiryPayload, locale: Locale = 'en'): Promise<boolean> {
  try {
    const answer = await postJson(
      INQUIRY_API_PATH,
      (locale === 'en' ? payload : { ...payload, language: locale }) satisfies InquiryBody,
    );
    if (!answer.ok) console.warn(`The inquiry was not accepted: ${errorOf(answer)}`);
    return answer.ok;
  } catch (error) {
    console.warn('The inquiry could not be sent:', error);
    return false;
  }
}
