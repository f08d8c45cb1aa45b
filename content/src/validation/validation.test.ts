import { branches } from '../index';
import {
  BRANCH_NAMES,
  CONTACT_FORM_MESSAGES,
  contactFailureMessage,
  DEFAULT_BRANCH_NAME,
  isHumanCheckAnswer,
  isValidEmail,
  validateContactForm,
} from './index';

const valid = { name: 'Aisha', email: 'aisha@example.com', message: 'Need cable glands', answer: '9' };

describe('shared validation rules', () => {
  it('lists the branch names from the branch data, Dubai first', () => {
    expect(BRANCH_NAMES).toEqual(branches.map((branch) => branch.name));
    expect(BRANCH_NAMES).toEqual(['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia']);
    expect(BRANCH_NAMES[0]).toBe(DEFAULT_BRANCH_NAME);
  });

  it.each(['a@b.co', 'first.last+tag@sub.example.ae', ' aisha@example.com ', 'عائشة@مثال.امارات'])('accepts the e-mail %p', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a b@c.de', 'a@b.c d', 'a@@b.co', 'a,b@c.de', '<a@b.co>', 'a@b.co\nBcc: x@y.z', 'Name <a@b.co>'])(
    'rejects the e-mail %p',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it('accepts the human check answer 9 as a number or as text', () => {
    expect(isHumanCheckAnswer(9)).toBe(true);
    expect(isHumanCheckAnswer('9')).toBe(true);
    expect(isHumanCheckAnswer(' 9 ')).toBe(true);
    for (const wrong of [8, '8', '', '09', 'nine', '9.5', 37]) expect(isHumanCheckAnswer(wrong)).toBe(false);
  });

  describe('validateContactForm checks in the spec order', () => {
    it('passes a complete form', () => {
      expect(validateContactForm(valid)).toBeNull();
      expect(validateContactForm({ ...valid, answer: 9 })).toBeNull();
    });

    it.each(['name', 'email', 'message'] as const)('asks for the required fields when %s is blank, before anything else', (field) => {
      expect(validateContactForm({ ...valid, [field]: '  ', email: field === 'email' ? '' : 'bad', answer: '1' })).toBe(
        CONTACT_FORM_MESSAGES.required,
      );
    });

    it('then checks the e-mail, before the human check', () => {
      expect(validateContactForm({ ...valid, email: 'not-an-email', answer: '1' })).toBe('Please enter a valid email address');
    });

    it('then checks the human check', () => {
      expect(validateContactForm({ ...valid, answer: '' })).toBe('Incorrect answer to the equation. Please try again.');
    });
  });

  it('has the spec texts', () => {
    expect(CONTACT_FORM_MESSAGES.required).toBe('Please fill in all required fields (Name, Email, Message)');
    expect(CONTACT_FORM_MESSAGES.success).toBe("Thank you for your message! We'll get back to you within 24 hours.");
    expect(contactFailureMessage('dubai@x.example')).toBe(
      'Failed to send message. Please try again or contact us directly at dubai@x.example',
    );
  });
});
