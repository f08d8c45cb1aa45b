import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { IconButton, SendIcon } from '@site/shared-ui';
import { CHAT_LIMITS } from '@site/content/chat';
import { cutToCharacters } from '@site/content/validation';
import { useText } from '../i18n/useText';

const Form = styled.form`
  display: flex;
  gap: 8px;
  padding: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  input {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 999px;
    font: inherit;
    &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.brand}; outline-offset: 1px; }
  }
`;

// The paper plane points the way the text runs: mirrored on a right-to-left page.
const SendButton = styled(IconButton)`
  color: ${({ theme }) => theme.colors.onBrand};
  background: ${({ theme }) => theme.colors.brand};
  &:hover { background: ${({ theme }) => theme.colors.brandDark}; }
  &:dir(rtl) svg { transform: scaleX(-1); }
`;

export interface ComposerProps {
  onSend: (text: string) => void;
  placeholder: string;
}

/** The message input: Enter or the send button sends; both do nothing while the text is blank. */
export function Composer({ onSend, placeholder }: ComposerProps) {
  const t = useText();
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    onSend(text);
    setText('');
  };

  return (
    <Form onSubmit={submit}>
      <input
        aria-label={t('chat.composer.label')}
        placeholder={placeholder}
        autoComplete="off"
        value={text}
        // cut to characters as the server counts them (maxLength's UTF-16 units would stop vocalised Arabic early)
        onChange={(event) => setText(cutToCharacters(event.target.value, CHAT_LIMITS.questionMaxLength))}
      />
      <SendButton type="submit" aria-label={t('chat.composer.send')} disabled={blank}>
        <SendIcon size={20} />
      </SendButton>
    </Form>
  );
}
