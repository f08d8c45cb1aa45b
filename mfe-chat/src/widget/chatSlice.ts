import { createSlice, nanoid, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@site/shared-store';
import { ONBOARDING_START, type OnboardingState } from '../onboarding/onboarding';
import type { VisitorProfile } from '../welcome/visitorProfile';
import { initialPanel, type ChatPanel } from './panelMemory';

export type { ChatPanel };

/** welcome: the welcome form; onboarding: the conversational way in; chat: questions and answers. */
export type ChatStep = 'welcome' | 'onboarding' | 'chat';

/** Spec "Chat message"; `timestamp` is ISO. */
export interface ChatMessage {
  id: string;
  text: string;
  sender: 'bot' | 'user';
  timestamp: string;
  type: 'text' | 'options';
  /** The choices of an options message (the region question). */
  options?: string[];
  /** A question or answer of the conversation with the assistant: sent back as history with the next question. */
  forAssistant?: boolean;
}

export interface ChatState {
  panel: ChatPanel;
  step: ChatStep;
  onboarding: OnboardingState;
  messages: ChatMessage[];
  /** Replies being prepared: the typing indicator shows while this is above 0. */
  pendingReplies: number;
  profile: VisitorProfile | null;
  /** The widget has looked for a stored profile and scheduled its greeting (once per page). */
  started: boolean;
  /** The assistant said something while the panel was not open (the phone's button shows a dot). */
  unread: boolean;
}

// Spec: the panel is open by default; then it is as the visitor left it (panelMemory.ts). A lazy initial state: read when
// the slice joins a store, i.e. when the chat's code has loaded in the browser, before the widget's first render (so
// a closed panel is never drawn open first).
const initialState = (): ChatState => ({
  panel: initialPanel(),
  step: 'welcome',
  onboarding: ONBOARDING_START,
  messages: [],
  pendingReplies: 0,
  profile: null,
  started: false,
  unread: false,
});

export interface NewMessage {
  text: string;
  sender: ChatMessage['sender'];
  options?: string[];
  forAssistant?: boolean;
}

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    panelChanged(state, action: PayloadAction<ChatPanel>) {
      state.panel = action.payload;
      if (action.payload === 'open') state.unread = false;
    },
    /** A stored profile skips the welcome form. */
    chatStarted(state, action: PayloadAction<VisitorProfile | null>) {
      state.started = true;
      state.profile = action.payload;
      state.step = action.payload ? 'chat' : 'welcome';
    },
    messageAdded: {
      reducer(state, action: PayloadAction<ChatMessage>) {
        state.messages.push(action.payload);
        if (action.payload.sender === 'bot' && state.panel !== 'open') state.unread = true;
      },
      prepare({ text, sender, options, forAssistant }: NewMessage) {
        return {
          payload: {
            id: nanoid(),
            text,
            sender,
            timestamp: new Date().toISOString(),
            type: options ? 'options' : 'text',
            ...(options ? { options } : {}),
            ...(forAssistant ? { forAssistant } : {}),
          } satisfies ChatMessage,
        };
      },
    },
    replyStarted(state) {
      state.pendingReplies += 1;
    },
    replyFinished(state) {
      state.pendingReplies = Math.max(0, state.pendingReplies - 1);
    },
    onboardingStarted(state) {
      state.step = 'onboarding';
      state.onboarding = ONBOARDING_START;
    },
    onboardingAdvanced(state, action: PayloadAction<OnboardingState>) {
      state.onboarding = action.payload;
    },
    /** The visitor introduced themselves (welcome form or conversation): on to the chat. */
    profileSaved(state, action: PayloadAction<VisitorProfile>) {
      state.profile = action.payload;
      state.step = 'chat';
      state.onboarding = ONBOARDING_START;
    },
  },
  selectors: {
    selectChatPanel: (state) => state.panel,
    selectChatStep: (state) => state.step,
    selectMessages: (state) => state.messages,
    selectTyping: (state) => state.pendingReplies > 0,
    selectProfile: (state) => state.profile,
    selectOnboardingStage: (state) => state.onboarding.stage,
    selectUnread: (state) => state.unread,
    /** A saved profile or a message sent: their panel choice is kept beyond this visit (panelMemory.ts). */
    selectHasChatted: (state) => state.profile !== null || state.messages.some((message) => message.sender === 'user'),
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof chatSlice> {}
}

export const injectedChatSlice = chatSlice.injectInto(rootReducer);
export const {
  panelChanged,
  chatStarted,
  messageAdded,
  replyStarted,
  replyFinished,
  onboardingStarted,
  onboardingAdvanced,
  profileSaved,
} = chatSlice.actions;
export const {
  selectChatPanel,
  selectChatStep,
  selectMessages,
  selectTyping,
  selectProfile,
  selectOnboardingStage,
  selectUnread,
  selectHasChatted,
} = injectedChatSlice.selectors;
export const selectChat = injectedChatSlice.selectSlice;
