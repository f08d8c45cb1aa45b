import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  ChatIcon,
  CloseIcon,
  MinimizeIcon,
  theme,
  useMediaQuery,
  IconButton,
  VisuallyHidden,
} from '@site/shared-ui';
import { useAppDispatch, useAppSelector, useLocale } from '@site/shared-store';
import { useText } from '../i18n/useText';
import { Composer } from '../messages/Composer';
import { MessageList } from '../messages/MessageList';
import { WelcomeForm } from '../welcome/WelcomeForm';
import { chatLanguage } from './botTexts';
import { sendMessage, startChat, startConversation, submitInquiry, submitWelcome } from './chatFlows';
import {
  panelChanged,
  selectChatPanel,
  selectChatStep,
  selectMessages,
  selectOnboardingStage,
  selectProfile,
  selectTyping,
  selectUnread,
  selectHasChatted,
  type ChatPanel,
} from './chatSlice';
import { keepChoiceOfChatter, PHONE_QUERY, rememberedPanel, rememberPanel } from './panelMemory';

// The inquiry form is fetched when first opened: most visitors never send one, and every page carries the widget.
const InquiryModal = lazy(() => import('../inquiry/InquiryModal').then((module) => ({ default: module.InquiryModal })));

const { edge, chatButton } = theme.floating;

// Logical properties (inset-inline-end; flex-end follows the inline direction), so it mirrors on a right-to-left page:
// the bottom right corner in English, the bottom left one in Arabic.
const Dock = styled.div`
  position: fixed;
  inset-inline-end: 20px;
  bottom: 20px;
  z-index: 900;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 12px;
  /* A phone: the round button alone in the corner (the brochure's icon button beside it, shell BrochureButton.tsx). */
  @media (max-width: ${theme.chatMobile}px) {
    inset-inline-end: ${edge}px;
    bottom: calc(${edge}px + env(safe-area-inset-bottom, 0px));
  }
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
  padding-block: 12px;
  padding-inline: 16px 12px;
  color: ${({ theme }) => theme.colors.onBrand};
  background: ${({ theme }) => theme.colors.brand};
  h2 { margin: 0; font-size: ${({ theme }) => theme.typeScale.md}; }
  p { margin: 0; font-size: ${({ theme }) => theme.typeScale.xs}; }
  p::before { content: ''; display: inline-block; width: 8px; height: 8px; margin-inline-end: 6px; border-radius: 50%; background: ${({ theme }) => theme.colors.online}; }
`;

const HeaderButton = styled(IconButton)`
  color: ${({ theme }) => theme.colors.onBrand};
  &:hover { background: ${({ theme }) => theme.colors.hoverOnBrand}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.onBrand}; outline-offset: -4px; }
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
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 60px;
  height: 60px;
  border: 0;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.onBrand};
  background: ${({ theme }) => theme.colors.brand};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  cursor: pointer;
  @media (max-width: ${theme.chatMobile}px) {
    width: ${chatButton}px;
    height: ${chatButton}px;
    /* the open panel fills a phone's screen and has its own close button */
    ${({ $hiddenOnPhone }) => ($hiddenOnPhone ? 'display: none;' : '')}
  }
`;

/** On a phone's button: the assistant said something the visitor has not seen. */
const UnreadDot = styled.span`
  position: absolute;
  top: 2px;
  inset-inline-end: 2px;
  width: 14px;
  height: 14px;
  border: 2px solid ${({ theme }) => theme.colors.surface};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accent};
`;

const MinimizedBar = styled.button`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 8px 16px;
  border: 0;
  border-radius: 999px;
  color: ${({ theme }) => theme.colors.onBrand};
  background: ${({ theme }) => theme.colors.brand};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

export interface ChatWidgetProps {
  /**
   * Whether the panel may open by itself on this page (true by default). The page's host says (the shell: not over a
   * form to fill in or a quotation to read); the visitor's own choice always wins.
   */
  openByDefault?: boolean;
}

/** The floating chat assistant: welcome form or conversation, questions answered by our server, and inquiries. */
export default function ChatWidget({ openByDefault = true }: ChatWidgetProps) {
  const dispatch = useAppDispatch();
  const heldPanel = useAppSelector(selectChatPanel);
  // Where the panel does not open by itself, one open only by default (no choice of the visitor's remembered) is
  // minimized: drawn so from the first render (the panel never shows over the page), then kept so.
  const quiet = !openByDefault && heldPanel === 'open' && rememberedPanel(document.cookie) === null;
  const panel = quiet ? 'minimized' : heldPanel;
  const step = useAppSelector(selectChatStep);
  const messages = useAppSelector(selectMessages);
  const typing = useAppSelector(selectTyping);
  const profile = useAppSelector(selectProfile);
  const onboardingStage = useAppSelector(selectOnboardingStage);
  const unread = useAppSelector(selectUnread);
  const chatted = useAppSelector(selectHasChatted);
  const onPhone = useMediaQuery(PHONE_QUERY);
  const [inquiryOpen, setInquiryOpen] = useState(false);
  // mounted from its first opening on, so what a visitor typed stays between openings (X clears only some fields)
  const [inquiryUsed, setInquiryUsed] = useState(false);
  if (inquiryOpen && !inquiryUsed) setInquiryUsed(true);
  const text = useText();
  const locale = useLocale();
  // What the bot says and offers, in the page's language (the flows are not components: they get it from here).
  const language = useMemo(() => chatLanguage(text, locale), [text, locale]);
  const title = text('chat.widget.title');

  // Not a choice of the visitor's: not remembered (a page loaded later that may open the panel still opens it).
  useEffect(() => {
    if (quiet) dispatch(panelChanged('minimized'));
  }, [quiet, dispatch]);

  // The panel starts as the visitor left it, or open (minimized on a phone): the slice's initial state, panelMemory.ts.
  useEffect(() => {
    void dispatch(startChat(language));
  }, [dispatch, language]);

  // A visitor who has chatted keeps their choice beyond this visit.
  useEffect(() => {
    if (chatted) keepChoiceOfChatter();
  }, [chatted]);

  /** The visitor's own choice: remembered for the next pages and tabs. */
  const choosePanel = (next: ChatPanel) => {
    dispatch(panelChanged(next));
    rememberPanel(next, { chatted });
  };
  const send = (message: string) => void dispatch(sendMessage(message, language));
  const choosingRegion = step === 'onboarding' && onboardingStage === 'country';
  const showUnread = onPhone && panel === 'minimized' && unread;
  const activeOptionsId = choosingRegion ? messages.findLast((m) => m.type === 'options')?.id : undefined;

  return (
    <Dock>
      {panel === 'open' ? (
        <Panel aria-labelledby="chat-title" role="dialog" aria-modal="false">
          <PanelHeader>
            <div style={{ flex: 1 }}>
              <h2 id="chat-title">{title}</h2>
              <p>{text('chat.widget.online')}</p>
            </div>
            <HeaderButton
              type="button"
              aria-label={text('chat.widget.minimize')}
              onClick={() => choosePanel('minimized')}
            >
              <MinimizeIcon size={22} />
            </HeaderButton>
            <HeaderButton type="button" aria-label={text('chat.widget.close')} onClick={() => choosePanel('closed')}>
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
                // the page the link leads to is under the full-screen panel (not a choice of the visitor's: not remembered)
                if (onPhone) dispatch(panelChanged('minimized'));
              }}
            />
            {step === 'welcome' ? (
              <WelcomeForm
                onSubmit={(details) => dispatch(submitWelcome(details, language))}
                onJustChat={() => void dispatch(startConversation(language))}
              />
            ) : null}
          </Body>
          {step === 'chat' ? (
            <InquiryBar>
              <Button type="button" $variant="secondary" onClick={() => setInquiryOpen(true)}>
                {text('chat.widget.sendInquiry')}
              </Button>
            </InquiryBar>
          ) : null}
          {step !== 'welcome' ? (
            <Composer
              onSend={send}
              placeholder={text(
                step === 'onboarding' ? 'chat.composer.placeholderOnboarding' : 'chat.composer.placeholderChat',
              )}
            />
          ) : null}
        </Panel>
      ) : null}
      {/* the bar is named as it reads and for what it does (its name holds the visible title: WCAG 2.5.3) */}
      {panel === 'minimized' && !onPhone ? (
        <MinimizedBar
          type="button"
          onClick={() => choosePanel('open')}
          aria-label={text('chat.widget.restoreBar', { title })}
        >
          <ChatIcon size={22} /> {title}
        </MinimizedBar>
      ) : null}
      {/* On a phone minimized is this one round button ('Restore chat', a dot for an unread message): no bar above it. */}
      <Fab
        type="button"
        aria-label={text(
          panel === 'open'
            ? 'chat.widget.close'
            : panel === 'minimized' && onPhone
              ? 'chat.widget.restore'
              : 'chat.widget.open',
        )}
        aria-expanded={panel === 'open'}
        aria-describedby={showUnread ? 'chat-unread' : undefined}
        $hiddenOnPhone={panel === 'open'}
        onClick={() => choosePanel(panel === 'open' ? 'closed' : 'open')}
      >
        <ChatIcon size={onPhone ? 26 : 28} />
        {showUnread ? (
          <>
            <UnreadDot aria-hidden="true" />
            <VisuallyHidden id="chat-unread">{text('chat.widget.newMessage')}</VisuallyHidden>
          </>
        ) : null}
      </Fab>
      {inquiryUsed ? (
        <Suspense fallback={null}>
          <InquiryModal
            open={inquiryOpen}
            profile={profile}
            onClose={() => setInquiryOpen(false)}
            onSubmit={(payload) => dispatch(submitInquiry(payload, language))}
          />
        </Suspense>
      ) : null}
    </Dock>
  );
}
