// The widget's conversations as thunks: greeting, welcome form, the conversational way in, questions to the
// assistant and the inquiry. Each bot reply shows the typing indicator first (spec: replies after about 0.5 s).
// Each takes the page's ChatLanguage (botTexts.ts): what the bot says, in the page's language, and the language the
// assistant is asked to answer in.
import type { AppDispatch, RootState } from '@site/shared-store';
import { askAssistant } from '../assistant/askAssistant';
import { sendInquiry, type InquiryPayload } from '../inquiry/sendInquiry';
import { onboardingTurn } from '../onboarding/onboarding';
import { registerVisitor } from '../welcome/registerVisitor';
import {
  checkVisitorDetails,
  loadVisitorProfile,
  saveVisitorProfile,
  type VisitorDetails,
} from '../welcome/visitorProfile';
import { COUNTRY_REPLY_DELAY_MS, GREETING_DELAY_MS, REPLY_DELAY_MS, type ChatLanguage } from './botTexts';
import {
  chatStarted,
  messageAdded,
  onboardingAdvanced,
  onboardingStarted,
  profileSaved,
  replyFinished,
  replyStarted,
  selectChat,
  type NewMessage,
} from './chatSlice';

type ChatThunk<R = void> = (dispatch: AppDispatch, getState: () => RootState) => R;
type BotMessage = Omit<NewMessage, 'sender'>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Shows the typing indicator while the reply is prepared, and for at least `delayMs`, then adds it. `produce` must not fail. */
async function botReply(
  dispatch: AppDispatch,
  produce: () => Promise<BotMessage>,
  delayMs = REPLY_DELAY_MS,
): Promise<void> {
  dispatch(replyStarted());
  try {
    const [message] = await Promise.all([produce(), wait(delayMs)]);
    dispatch(messageAdded({ ...message, sender: 'bot' }));
  } finally {
    dispatch(replyFinished());
  }
}

const say = (text: string) => async (): Promise<BotMessage> => ({ text });

/** Once per page: a stored profile skips to the chat with 'Welcome back, {name}!', otherwise the generic greeting. */
export const startChat =
  ({ bot }: ChatLanguage): ChatThunk<Promise<void>> =>
  async (dispatch, getState) => {
    if (selectChat(getState()).started) return;
    const profile = loadVisitorProfile();
    dispatch(chatStarted(profile));
    await botReply(dispatch, say(profile ? bot.welcomeBack(profile.userName) : bot.greeting), GREETING_DELAY_MS);
  };

/** Keeps the profile in the browser, moves on to the chat and registers the visitor (a failure is only logged). */
const completeProfile =
  (details: VisitorDetails): ChatThunk =>
  (dispatch) => {
    const profile = { ...details, timestamp: new Date().toISOString() };
    saveVisitorProfile(profile);
    dispatch(profileSaved(profile));
    void registerVisitor(details);
  };

/** The welcome form. Does nothing (false) when a field is empty or the e-mail is not valid. */
export const submitWelcome =
  (details: VisitorDetails, { bot }: ChatLanguage): ChatThunk<boolean> =>
  (dispatch) => {
    const checked = checkVisitorDetails(details);
    if (!checked) return false;
    dispatch(completeProfile(checked));
    void botReply(dispatch, say(bot.thanks(checked.userName)));
    return true;
  };

/** "Just start chatting": the assistant asks for the name, then the e-mail, then the region. */
export const startConversation =
  ({ bot }: ChatLanguage): ChatThunk<Promise<void>> =>
  async (dispatch) => {
    dispatch(onboardingStarted());
    await botReply(dispatch, say(bot.askName));
  };

/** A message typed (or an option chosen) by the visitor. Blank text is ignored. */
export const sendMessage =
  (text: string, language: ChatLanguage): ChatThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const message = text.trim();
    const state = selectChat(getState());
    if (message === '' || state.step === 'welcome') return;

    if (state.step === 'onboarding') {
      dispatch(messageAdded({ sender: 'user', text: message }));
      const turn = onboardingTurn(state.onboarding, message, language);
      dispatch(onboardingAdvanced(turn.next));
      if (turn.details) dispatch(completeProfile(turn.details));
      await botReply(
        dispatch,
        async () => turn.reply,
        state.onboarding.stage === 'country' ? COUNTRY_REPLY_DELAY_MS : REPLY_DELAY_MS,
      );
      return;
    }

    const previous = state.messages.filter((m) => m.forAssistant);
    dispatch(messageAdded({ sender: 'user', text: message, forAssistant: true }));
    await botReply(dispatch, async () => {
      try {
        return { text: await askAssistant(message, previous, language.locale), forAssistant: true };
      } catch (error) {
        console.warn('The chat assistant could not answer:', error);
        return { text: language.bot.assistantFailed };
      }
    });
  };

/** Sends the inquiry; the bot then thanks the visitor or gives the company's e-mail and phone. Resolves to the outcome. */
export const submitInquiry =
  (payload: InquiryPayload, { bot, locale }: ChatLanguage): ChatThunk<Promise<boolean>> =>
  async (dispatch) => {
    let sent = false;
    await botReply(dispatch, async () => {
      sent = await sendInquiry(payload, locale);
      return {
        text: sent ? bot.inquirySent(payload.userName, payload.userEmail) : bot.inquiryFailed(payload.userName),
      };
    });
    return sent;
  };
