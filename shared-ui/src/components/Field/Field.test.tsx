import { render, screen } from '@testing-library/react';
import { ThemeRoot } from '../../theme/ThemeRoot';
import { Field, type FieldProps } from './Field';

const renderField = (props: Partial<FieldProps> = {}) =>
  render(
    <ThemeRoot>
      <Field label="Email" {...props}>
        {(control) => <input type="email" {...control} />}
      </Field>
    </ThemeRoot>,
  );

describe('Field', () => {
  it('labels its control, with a generated id unless given one', () => {
    renderField();
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.id).not.toBe('');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-required');
  });

  it('keeps a given id, so a form can name its fields', () => {
    renderField({ id: 'contact-email' });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('id', 'contact-email');
  });

  it("marks a required field with a ' *' people see and screen readers skip: they hear aria-required", () => {
    renderField({ required: true });
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Email *')).toBe(input);
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('reads the hint with the control', () => {
    renderField({ hint: 'We answer within 24 hours' });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('We answer within 24 hours');
  });

  it('shows an error under the control, marks it invalid and reads the error after the hint', () => {
    renderField({ hint: 'Your work address', error: 'Please enter a valid email address' });
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Your work address Please enter a valid email address');
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
  });
});
