import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { cutToCharacters, FIELD_MAX_LENGTH } from '@site/content/validation';
import { visitorFieldErrors, type FieldErrors } from '../forms/fieldErrors';
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

/**
 * Spec "Welcome form (chat)": name, e-mail and region, all required; or just start chatting. An incomplete form is
 * not sent; each field says what it lacks, in the page's language, and the first such field takes the focus.
 */
export function WelcomeForm({ onSubmit, onJustChat }: WelcomeFormProps) {
  const text = useText();
  const form = useRef<HTMLFormElement>(null);
  const [details, setDetails] = useState<VisitorDetails>({ userName: '', userEmail: '', userCountry: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof VisitorDetails>>({});
  /** With `limit`, what is typed is cut to that many characters as the server counts them (not maxLength's UTF-16 units). */
  const set = (field: keyof VisitorDetails, limit?: number) => (event: { target: { value: string } }) => {
    setDetails({
      ...details,
      [field]: limit === undefined ? event.target.value : cutToCharacters(event.target.value, limit),
    });
    // a field the visitor corrects stops saying what was wrong with it
    setErrors(({ [field]: _fixed, ...others }) => others);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = visitorFieldErrors(details);
    // drawn at once, so the first field that says what it lacks can take the focus (its message is read with it)
    flushSync(() => setErrors(found));
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else onSubmit(details);
  };
  const errorOf = (field: keyof VisitorDetails) => {
    const id = errors[field];
    return id === undefined ? undefined : text(id);
  };

  return (
    <Form ref={form} onSubmit={submit} noValidate aria-labelledby="chat-welcome-title">
      <h3 id="chat-welcome-title">{text('chat.welcome.title')}</h3>
      <TextField
        label={text('chat.form.fullName')}
        placeholder={text('chat.form.fullNamePlaceholder')}
        autoComplete="name"
        required
        value={details.userName}
        error={errorOf('userName')}
        onChange={set('userName', FIELD_MAX_LENGTH.name)}
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
        error={errorOf('userEmail')}
        onChange={set('userEmail')}
      />
      <RegionField
        label={text('chat.welcome.region')}
        required
        value={details.userCountry}
        error={errorOf('userCountry')}
        onChange={set('userCountry')}
      />
      <Button type="submit">{text('chat.welcome.start')}</Button>
      <Or>{text('chat.welcome.or')}</Or>
      <Button type="button" $variant="secondary" onClick={onJustChat}>
        {text('chat.welcome.justChat')}
      </Button>
    </Form>
  );
}
