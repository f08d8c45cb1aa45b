import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { FIELD_MAX_LENGTH } from '@site/content/validation';
import { RegionField, TextField } from '../forms/fields';
import { useText } from '../i18n/useText';
import type { VisitorDetails } from './visitorProfile';

const Form = styled.form`
  margin-top: 8px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  h3 { margin: 0 0 12px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.md}; }
  button { width: 100%; }
`;

const Or = styled.p`
  margin: 8px 0 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.sm};
  text-align: center;
`;

export interface WelcomeFormProps {
  /** Returns false when the details are incomplete or invalid (the form then stays as it is). */
  onSubmit: (details: VisitorDetails) => boolean;
  onJustChat: () => void;
}

/** Spec "Welcome form (chat)": name, e-mail and region, all required; or just start chatting. */
export function WelcomeForm({ onSubmit, onJustChat }: WelcomeFormProps) {
  const text = useText();
  const [details, setDetails] = useState<VisitorDetails>({ userName: '', userEmail: '', userCountry: '' });
  const set = (field: keyof VisitorDetails) => (event: { target: { value: string } }) => setDetails({ ...details, [field]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(details);
  };

  return (
    <Form onSubmit={submit} aria-labelledby="chat-welcome-title">
      <h3 id="chat-welcome-title">{text('chat.welcome.title')}</h3>
      <TextField
        label={text('chat.form.fullName')}
        placeholder={text('chat.form.fullNamePlaceholder')}
        autoComplete="name"
        required
        maxLength={FIELD_MAX_LENGTH.name}
        value={details.userName}
        onChange={set('userName')}
      />
      <TextField
        label={text('chat.form.email')}
        type="email"
        dir="ltr"
        placeholder={text('chat.form.emailPlaceholder')}
        autoComplete="email"
        required
        maxLength={FIELD_MAX_LENGTH.email}
        value={details.userEmail}
        onChange={set('userEmail')}
      />
      <RegionField label={text('chat.welcome.region')} required value={details.userCountry} onChange={set('userCountry')} />
      <Button type="submit">{text('chat.welcome.start')}</Button>
      <Or>{text('chat.welcome.or')}</Or>
      <Button type="button" $variant="secondary" onClick={onJustChat}>
        {text('chat.welcome.justChat')}
      </Button>
    </Form>
  );
}
