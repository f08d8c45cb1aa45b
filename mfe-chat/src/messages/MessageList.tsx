import { useLayoutEffect, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '@site/shared-ui';
import type { ChatMessage } from '../widget/chatSlice';
import { ASSISTANT_TITLE } from '../widget/botTexts';
import { formatTime } from './formatTime';
import { MessageText } from './MessageText';

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $mine: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
`;

const Bubble = styled.div<{ $mine: boolean }>`
  max-width: 85%;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  border-bottom-${({ $mine }) => ($mine ? 'right' : 'left')}-radius: 2px;
  color: ${({ theme, $mine }) => ($mine ? '#fff' : theme.colors.text)};
  background: ${({ theme, $mine }) => ($mine ? theme.colors.brand : theme.colors.surfaceAlt)};
  font-size: ${({ theme }) => theme.typeScale.sm};
  line-height: 1.45;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  a { color: inherit; font-weight: 600; text-decoration: underline; }
  time { display: block; margin-top: 4px; font-size: ${({ theme }) => theme.typeScale.xs}; opacity: 0.85; text-align: right; }
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

/** The conversation: bubbles with their time, the region options, and the typing indicator. */
export function MessageList({ messages, typing, activeOptionsId, onOption, onNavigate }: MessageListProps) {
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

  return (
    // The live region is a wrapper: role="log" on the <ol> itself would hide its list semantics.
    <div role="log" aria-label="Chat messages" aria-live="polite">
      <List>
        {messages.map((message) => {
          const mine = message.sender === 'user';
          return (
            <Item key={message.id} $mine={mine}>
              <Bubble $mine={mine}>
                <VisuallyHidden>{mine ? 'You said:' : `${ASSISTANT_TITLE} said:`} </VisuallyHidden>
                <MessageText text={message.text} onNavigate={onNavigate} />
                <time dateTime={message.timestamp}>{formatTime(message.timestamp)}</time>
              </Bubble>
              {message.type === 'options' && message.id === activeOptionsId ? (
                <Options role="group" aria-label="Choose your region/branch">
                  {message.options?.map((option) => (
                    <button key={option} type="button" onClick={() => onOption(option)}>
                      {option}
                    </button>
                  ))}
                </Options>
              ) : null}
            </Item>
          );
        })}
      </List>
      {typing ? (
        <Typing role="status">
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <VisuallyHidden>{ASSISTANT_TITLE} is typing</VisuallyHidden>
        </Typing>
      ) : null}
      <div ref={endRef} />
    </div>
  );
}
