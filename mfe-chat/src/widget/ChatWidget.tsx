import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, ChatIcon, CloseIcon, MinimizeIcon, theme, useMediaQuery, IconButton } from '@site/shared-ui';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import { InquiryModal } from '../inquiry/InquiryModal';
import { Composer } from '../messages/Composer';
import { MessageList } from '../messages/MessageList';
import { WelcomeForm } from '../welcome/WelcomeForm';
import { ASSISTANT_TITLE } from './botTexts';
import { sendMessage, startChat, startConversation, submitInquiry, submitWelcome } from './chatFlows';
import {
  panelChanged,
  selectChatPanel,
  selectChatStep,
  selectMessages,
  selectOnboardingStage,
  selectProfile,
  selectTyping,
  type ChatPanel,
} from './chatSlice';

const PHONE_QUERY = `(max-width: ${theme.chatMobile}px)`;

const Dock = styled.div`
  position: fixed;
  right: 20px;
  bottom: 20px;
  z-index: 900;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 12px;
`;

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  width: 370px;
  height: 540px;
  max-height: calc(100vh - 120px);
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  overflow: hidden;
  @media (max-width: ${theme.chatMobile}px) {
    position: fixed;
    inset: 0;
    width: auto;
    height: auto;
    max-height: none;
    border-radius: 0;
  }
`;

// A div, not <header>: a second banner landmark beside the site header confuses screen readers.
const PanelHeader = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 12px 12px 12px 16px;
  color: #fff;
  background: ${({ theme }) => theme.colors.brand};
  h2 { margin: 0; font-size: ${({ theme }) => theme.typeScale.md}; }
  p { margin: 0; font-size: ${({ theme }) => theme.typeScale.xs}; }
  p::before { content: ''; display: inline-block; width: 8px; height: 8px; margin-right: 6px; border-radius: 50%; background: #4ade80; }
`;

const HeaderButton = styled(IconButton)`
  color: #fff;
  &:hover { background: rgba(255, 255, 255, 0.15); }
  &:focus-visible { outline: 2px solid #fff; outline-offset: -4px; }
`;
const Body = styled.div`
  flex: 1;
  padding: 16px;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const InquiryBar = styled.div`
  padding: 8px 12px 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  button { width: 100%; min-height: 40px; padding: 6px 12px; }
`;

const Fab = styled.button<{ $hiddenOnPhone: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 60px;
  height: 60px;
  border: 0;
  border-radius: 50%;
  color: #fff;
  background: ${({ theme }) => theme.colors.brand};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  cursor: pointer;
  /* the open panel fills a phone's screen and has its own close button */
  @media (max-width: ${theme.chatMobile}px) { ${({ $hiddenOnPhone }) => ($hiddenOnPhone ? 'display: none;' : '')} }
`;

const MinimizedBar = styled.button`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 8px 16px;
  border: 0;
  border-radius: 999px;
  color: #fff;
  background: ${({ theme }) => theme.colors.brand};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

/** The floating chat assistant: welcome form or conversation, questions answered by our server, and inquiries. */
export default function ChatWidget() {
  const dispatch = useAppDispatch();
  const panel = useAppSelector(selectChatPanel);
  const step = useAppSelector(selectChatStep);
  const messages = useAppSelector(selectMessages);
  const typing = useAppSelector(selectTyping);
  const profile = useAppSelector(selectProfile);
  const onboardingStage = useAppSelector(selectOnboardingStage);
  const onPhone = useMediaQuery(PHONE_QUERY);
  const [inquiryOpen, setInquiryOpen] = useState(false);

  useEffect(() => {
    void dispatch(startChat());
    // Open by default, except on a phone: there the panel fills the screen, so it starts as the
    // small bar and the visitor opens it when they want it.
    if (window.matchMedia(PHONE_QUERY).matches) dispatch(panelChanged('minimized'));
  }, [dispatch]);

  const setPanel = (next: ChatPanel) => dispatch(panelChanged(next));
  const send = (text: string) => void dispatch(sendMessage(text));
  const choosingRegion = step === 'onboarding' && onboardingStage === 'country';
  const activeOptionsId = choosingRegion ? messages.findLast((m) => m.type === 'options')?.id : undefined;

  return (
    <Dock>
      {panel === 'open' ? (
        <Panel aria-labelledby="chat-title" role="dialog" aria-modal="false">
          <PanelHeader>
            <div style={{ flex: 1 }}>
              <h2 id="chat-title">{ASSISTANT_TITLE}</h2>
              <p>Online</p>
            </div>
            <HeaderButton type="button" aria-label="Minimize chat" onClick={() => setPanel('minimized')}>
              <MinimizeIcon size={22} />
            </HeaderButton>
            <HeaderButton type="button" aria-label="Close chat" onClick={() => setPanel('closed')}>
              <CloseIcon size={22} />
            </HeaderButton>
          </PanelHeader>
          <Body data-chat-scroll="">
            <MessageList
              messages={messages}
              typing={typing}
              activeOptionsId={activeOptionsId}
              onOption={send}
              onNavigate={() => {
                if (onPhone) setPanel('minimized');
              }}
            />
            {step === 'welcome' ? (
              <WelcomeForm onSubmit={(details) => dispatch(submitWelcome(details))} onJustChat={() => void dispatch(startConversation())} />
            ) : null}
          </Body>
          {step === 'chat' ? (
            <InquiryBar>
              <Button type="button" $variant="secondary" onClick={() => setInquiryOpen(true)}>
                Send Inquiry
              </Button>
            </InquiryBar>
          ) : null}
          {step !== 'welcome' ? (
            <Composer onSend={send} placeholder={step === 'onboarding' ? 'Type your answer...' : 'Ask about products, brands, branches...'} />
          ) : null}
        </Panel>
      ) : null}
      {panel === 'minimized' ? (
        <MinimizedBar type="button" onClick={() => setPanel('open')} aria-label="Restore chat">
          <ChatIcon size={22} /> {ASSISTANT_TITLE}
        </MinimizedBar>
      ) : null}
      <Fab
        type="button"
        aria-label={panel === 'open' ? 'Close chat' : 'Open chat'}
        aria-expanded={panel === 'open'}
        $hiddenOnPhone={panel === 'open'}
        onClick={() => setPanel(panel === 'open' ? 'closed' : 'open')}
      >
        <ChatIcon size={28} />
      </Fab>
      <InquiryModal open={inquiryOpen} profile={profile} onClose={() => setInquiryOpen(false)} onSubmit={(payload) => dispatch(submitInquiry(payload))} />
    </Dock>
  );
}
