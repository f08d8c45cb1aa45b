// What the assistant says in the widget's own flows (the answers to questions come from the server), in the page's
// language: the messages of src/i18n/<locale>.json. The widget makes these once per render from its text hook and
// hands them to the flows (chatFlows.ts), which are not components.
import { branches, company, type BranchId } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import type { useText } from '../i18n/useText';

/** The text hook's function: a message of this remote's catalog in the page's language. */
export type ChatText = ReturnType<typeof useText>;

export interface BotTexts {
  greeting: string;
  welcomeBack: (name: string) => string;
  thanks: (name: string) => string;
  askName: string;
  askEmail: (name: string) => string;
  invalidEmail: string;
  askCountry: string;
  chooseCountry: string;
  assistantFailed: string;
  inquirySent: (name: string, email: string) => string;
  inquiryFailed: (name: string) => string;
}

export function botTexts(text: ChatText): BotTexts {
  return {
    greeting: text('chat.bot.greeting'),
    welcomeBack: (name) => text('chat.bot.welcomeBack', { name }),
    thanks: (name) => text('chat.bot.thanks', { name }),
    askName: text('chat.bot.askName'),
    askEmail: (name) => text('chat.bot.askEmail', { name }),
    invalidEmail: text('chat.bot.invalidEmail'),
    askCountry: text('chat.bot.askCountry'),
    chooseCountry: text('chat.bot.chooseCountry'),
    assistantFailed: text('chat.bot.assistantFailed', { phone: company.mainPhone }),
    inquirySent: (name, email) => text('chat.bot.inquirySent', { name, email }),
    inquiryFailed: (name) =>
      text('chat.bot.inquiryFailed', { name, email: company.generalEmail, phone: company.mainPhone }),
  };
}

/** A region the visitor may choose: its branch name (the value stored and sent, 'Oman') and its label in the page's language. */
export interface Region {
  id: BranchId;
  /** The branch name of the data ('Dubai', 'Oman', 'Bahrain', 'Saudi Arabia'): what the profile and the forms hold. */
  name: string;
  /** The region's label in the page's language ('Oman (Muscat Office)', 'عُمان (مكتب مسقط)'). */
  label: string;
  /** The branch's name in the page's language ('Oman', 'عُمان'). */
  localName: string;
  /** The region's label of the data, in English ('Oman (Muscat Office)'). */
  englishLabel: string;
}

const REGION_LABEL = {
  dubai: 'chat.region.dubai',
  oman: 'chat.region.oman',
  bahrain: 'chat.region.bahrain',
  saudi: 'chat.region.saudi',
} as const;
const BRANCH_NAME = {
  dubai: 'chat.branch.dubai',
  oman: 'chat.branch.oman',
  bahrain: 'chat.branch.bahrain',
  saudi: 'chat.branch.saudi',
} as const;

/** The regions of the contact page (branches.json), labelled in the page's language. */
export function regionsIn(text: ChatText): Region[] {
  return branches.map((branch) => ({
    id: branch.id,
    name: branch.name,
    label: text(REGION_LABEL[branch.id]),
    localName: text(BRANCH_NAME[branch.id]),
    englishLabel: branch.label,
  }));
}

/** What the widget's flows say and offer, in the page's language. */
export interface ChatLanguage {
  locale: Locale;
  bot: BotTexts;
  regions: Region[];
}

export const chatLanguage = (text: ChatText, locale: Locale): ChatLanguage => ({
  locale,
  bot: botTexts(text),
  regions: regionsIn(text),
});

/** Spec: welcome greeting and replies after 0.5 s, the reply to the country choice after about 1 s. */
export const GREETING_DELAY_MS = 500;
export const REPLY_DELAY_MS = 500;
export const COUNTRY_REPLY_DELAY_MS = 1000;
