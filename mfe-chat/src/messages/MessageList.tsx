import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '@site/shared-ui';
import { useLocale } from '@site/shared-store';
import { useText } from '../i18n/useText';
import type { ChatMessage } from '../widget/chatSlice';
import { formatTime } from './formatTime';
import { hasArabic, MessageText } from './MessageText';

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

// One look per sender, chosen by data-mine (not by a styled-components prop): a prop would make a second class for
// the visitor's messages, written into the page's stylesheet when the first one is sent, in the tap that sends it.
// Logical sides (flex-start is the inline start; border-end-start is the bottom corner on the start side): the bot's
// bubbles on the start side, the visitor's on the end side, mirrored on a right-to-left page.
const Item = styled.li`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  &[data-mine] { align-items: flex-end; }
`;

const Bubble = styled.div`
  max-width: 85%;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  border-end-start-radius: 2px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-size: ${({ theme }) => theme.typeScale.sm};
  line-height: 1.45;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  [data-mine] > & {
    border-end-start-radius: ${({ theme }) => theme.radius.md};
    border-end-end-radius: 2px;
    color: ${({ theme }) => theme.colors.onBrand};
    background: ${({ theme }) => theme.colors.brand};
  }
  a { color: inherit; font-weight: 600; text-decoration: underline; }
  time { display: block; margin-top: 4px; font-size: ${({ theme }) => theme.typeScale.xs}; opacity: 0.85; text-align: end; }
`;

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-top: 8px;
  max-width: 85%;
  button {
    min-height: 36px;
    padding: 6px 12px;
    border: 1px solid ${({ theme }) => theme.colors.brand};
    border-radius: 999px;
    color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.surface};
    font: inherit;
    font-size: ${({ theme }) => theme.typeScale.sm};
    cursor: pointer;
    &:hover { background: ${({ theme }) => theme.colors.brandLight}; }
  }
`;

const bounce = keyframes`0%, 80%, 100% { transform: translateY(0); opacity: 0.5; } 40% { transform: translateY(-4px); opacity: 1; }`;

const Typing = styled.div`
  display: inline-flex;
  gap: 4px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  span[aria-hidden] {
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.textMuted};
    animation: ${bounce} 1.2s infinite ease-in-out;
  }
  span[aria-hidden]:nth-child(2) { animation-delay: 0.15s; }
  span[aria-hidden]:nth-child(3) { animation-delay: 0.3s; }
  @media (prefers-reduced-motion: reduce) { span[aria-hidden] { animation: none; } }
`;

export interface MessageListProps {
  messages: ChatMessage[];
  typing: boolean;
  /** The message whose option buttons can still be chosen (the open region question), if any. */
  activeOptionsId: string | undefined;
  onOption: (option: string) => void;
  onNavigate: () => void;
}

interface MessageRowProps {
  message: ChatMessage;
  /** Its region buttons can still be chosen. */
  showOptions: boolean;
  onOption: (option: string) => void;
  onNavigate: () => void;
}

/** One message. Memoised: a new message draws its own row, not the whole conversation again. */
const MessageRow = memo(function MessageRow({ message, showOptions, onOption, onNavigate }: MessageRowProps) {
  const text = useText();
  const locale = useLocale();
  const mine = message.sender === 'user';
  // A message in the other script than the page's reads in its own direction (an English question on an Arabic page,
  // an Arabic answer on an English one); English messages on an English page keep the page's.
  const arabic = hasArabic(message.text);
  const dir = arabic ? 'rtl' : locale === 'ar' ? 'ltr' : undefined;
  return (
    <Item data-mine={mine ? '' : undefined}>
      <Bubble>
        <VisuallyHidden>{mine ? text('chat.messages.youSaid') : text('chat.messages.assistantSaid')} </VisuallyHidden>
        {dir === undefined ? (
          <MessageText text={message.text} onNavigate={onNavigate} />
        ) : (
          <div dir={dir}>
            <MessageText text={message.text} onNavigate={onNavigate} />
          </div>
        )}
        <time dateTime={message.timestamp}>{formatTime(message.timestamp)}</time>
      </Bubble>
      {message.type === 'options' && showOptions ? (
        <Options role="group" aria-label={text('chat.messages.chooseRegion')}>
          {message.options?.map((option) => (
            <button key={option} type="button" onClick={() => onOption(option)}>
              {option}
            </button>
          ))}
        </Options>
      ) : null}
    </Item>
  );
});

/** The conversation: bubbles with their time, the region options, and the typing indicator. */
export function MessageList({ messages, typing, activeOptionsId, onOption, onNavigate }: MessageListProps) {
  const text = useText();
  const endRef = useRef<HTMLDivElement>(null);
  // A layout effect runs in React's commit, before the browser draws the new message; the scroll itself waits for
  // that frame's animation callbacks. So the message and the scroll show in the same frame (no layout shift), and
  // reading scrollHeight does not force the layout (with the chat's new styles, ~20 ms) into React's task.
  useLayoutEffect(() => {
    const scroller = endRef.current?.closest('[data-chat-scroll]');
    if (!scroller) return undefined;
    const frame = requestAnimationFrame(() => {
      scroller.scrollTop = scroller.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [messages.length, typing]);

  // The rows get callbacks that never change (calling the latest ones the widget passed), or each render of the widget
  // would draw every row again.
  const latest = useRef({ onOption, onNavigate });
  useLayoutEffect(() => {
    latest.current = { onOption, onNavigate };
  });
  const choose = useCallback((option: string) => latest.current.onOption(option), []);
  const navigated = useCallback(() => latest.current.onNavigate(), []);

  return (
    // The live region is a wrapper: role="log" on the <ol> itself would hide its list semantics.
    <div role="log" aria-label={text('chat.messages.log')} aria-live="polite">
      <List>
        {messages.map((message) => (
          <MessageRow
            key={message.id}
            message={message}
            showOptions={message.id === activeOptionsId}
            onOption={choose}
            onNavigate={navigated}
          />
        ))}
      </List>
      {typing ? (
        <Typing role="status">
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <VisuallyHidden>{text('chat.messages.typing')}</VisuallyHidden>
        </Typing>
      ) : null}
      <div ref={endRef} />
    </div>
  );
}
