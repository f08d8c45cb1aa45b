// The conversational way in ("just start chatting"): the first text is the name, then the e-mail, then a region
// chosen from option buttons. Pure: the widget's thunk shows the replies and stores the finished profile. It speaks the
// page's language (the ChatLanguage the widget passes); the region stored is always the branch name of the data.
import { FIELD_MAX_LENGTH, isValidEmail } from '@site/content/validation';
import type { ChatLanguage, Region } from '../widget/botTexts';
import type { VisitorDetails } from '../welcome/visitorProfile';

export type OnboardingStage = 'name' | 'email' | 'country';

export interface OnboardingState {
  stage: OnboardingStage;
  name: string;
  email: string;
}

export const ONBOARDING_START: OnboardingState = { stage: 'name', name: '', email: '' };

export interface OnboardingTurn {
  next: OnboardingState;
  reply: { text: string; options?: string[] };
  /** Set when the visitor has given all three answers. */
  details?: VisitorDetails;
}

/** Text as a typed answer is compared: lower case, without Arabic short vowels or tatweel ('عُمان' = 'عمان'). */
const comparable = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '');

/**
 * The branch name of a chosen option or typed answer ('Oman (Muscat Office)', 'oman', 'عُمان (مكتب مسقط)', 'عمان'
 * → 'Oman'): a region's label or name, in the page's language or in English.
 */
export function branchNameOf(answer: string, regions: readonly Region[]): string | undefined {
  const wanted = comparable(answer);
  return regions.find((region) =>
    [region.label, region.localName, region.name, region.englishLabel].some((name) => comparable(name) === wanted),
  )?.name;
}

/** What the visitor's answer does at this stage of the conversation. */
export function onboardingTurn(state: OnboardingState, answer: string, { bot, regions }: ChatLanguage): OnboardingTurn {
  const text = answer.trim();
  const options = () => regions.map((region) => region.label);
  switch (state.stage) {
    case 'name': {
      const name = text.slice(0, FIELD_MAX_LENGTH.name);
      return { next: { stage: 'email', name, email: '' }, reply: { text: bot.askEmail(name) } };
    }
    case 'email':
      if (!isValidEmail(text)) return { next: state, reply: { text: bot.invalidEmail } };
      return { next: { ...state, stage: 'country', email: text }, reply: { text: bot.askCountry, options: options() } };
    case 'country': {
      const country = branchNameOf(text, regions);
      if (country === undefined) return { next: state, reply: { text: bot.chooseCountry, options: options() } };
      return {
        next: state,
        reply: { text: bot.thanks(state.name) },
        details: { userName: state.name, userEmail: state.email, userCountry: country },
      };
    }
  }
}
