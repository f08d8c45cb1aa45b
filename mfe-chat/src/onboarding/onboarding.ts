// The conversational way in ("just start chatting"): the first text is the name, then the e-mail, then a region
// chosen from option buttons. Pure: the widget's thunk shows the replies and stores the finished profile.
import { branches } from '@site/content';
import { FIELD_MAX_LENGTH, isValidEmail } from '@site/content/validation';
import { BOT_TEXTS } from '../widget/botTexts';
import type { VisitorDetails } from '../welcome/visitorProfile';

export type OnboardingStage = 'name' | 'email' | 'country';

export interface OnboardingState {
  stage: OnboardingStage;
  name: string;
  email: string;
}

export const ONBOARDING_START: OnboardingState = { stage: 'name', name: '', email: '' };

/** The option buttons of the country question: the region labels of the contact page. */
export const COUNTRY_OPTIONS: readonly string[] = branches.map((branch) => branch.label);

export interface OnboardingTurn {
  next: OnboardingState;
  reply: { text: string; options?: string[] };
  /** Set when the visitor has given all three answers. */
  details?: VisitorDetails;
}

/** The branch name of a chosen option or typed answer ('Oman (Muscat Office)', 'oman' → 'Oman'). */
export function branchNameOf(answer: string): string | undefined {
  const wanted = answer.trim().toLowerCase();
  return branches.find((b) => b.label.toLowerCase() === wanted || b.name.toLowerCase() === wanted)?.name;
}

/** What the visitor's answer does at this stage of the conversation. */
export function onboardingTurn(state: OnboardingState, answer: string): OnboardingTurn {
  const text = answer.trim();
  switch (state.stage) {
    case 'name': {
      const name = text.slice(0, FIELD_MAX_LENGTH.name);
      return { next: { stage: 'email', name, email: '' }, reply: { text: BOT_TEXTS.askEmail(name) } };
    }
    case 'email':
      if (!isValidEmail(text)) return { next: state, reply: { text: BOT_TEXTS.invalidEmail } };
      return { next: { ...state, stage: 'country', email: text }, reply: { text: BOT_TEXTS.askCountry, options: [...COUNTRY_OPTIONS] } };
    case 'country': {
      const country = branchNameOf(text);
      if (country === undefined) return { next: state, reply: { text: BOT_TEXTS.chooseCountry, options: [...COUNTRY_OPTIONS] } };
      return {
        next: state,
        reply: { text: BOT_TEXTS.thanks(state.name) },
        details: { userName: state.name, userEmail: state.email, userCountry: country },
      };
    }
  }
}
