import { branches } from '../index';
import {
  BRANCH_NAMES,
  cutText,
  DEFAULT_BRANCH_NAME,
  HUMAN_CHECK,
  isHumanCheckAnswer,
  isValidEmail,
  textProblem,
  validateContactForm,
  withoutDisallowedCharacters,
  withWesternDigits,
} from './index';

const valid = { name: 'Aisha', email: 'aisha@example.com', message: 'Need cable glands', answer: '9' };

describe('shared validation rules', () => {
  it('lists the branch names from the branch data, Dubai first', () => {
    expect(BRANCH_NAMES).toEqual(branches.map((branch) => branch.name));
    expect(BRANCH_NAMES).toEqual(['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia']);
    expect(BRANCH_NAMES[0]).toBe(DEFAULT_BRANCH_NAME);
  });

  it.each(['a@b.co', 'first.last+tag@sub.example.ae', ' aisha@example.com ', 'عائشة@مثال.امارات'])(
    'accepts the e-mail %p',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    '',
    'plain',
    'a@b',
    '@b.co',
    'a@.co',
    'a b@c.de',
    'a@b.c d',
    'a@@b.co',
    'a,b@c.de',
    '<a@b.co>',
    'a@b.co\nBcc: x@y.z',
    'Name <a@b.co>',
  ])('rejects the e-mail %p', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts the human check answer 9 as a number or as text', () => {
    expect(isHumanCheckAnswer(9)).toBe(true);
    expect(isHumanCheckAnswer('9')).toBe(true);
    expect(isHumanCheckAnswer(' 9 ')).toBe(true);
    for (const wrong of [8, '8', '', '09', 'nine', '9.5', 37]) expect(isHumanCheckAnswer(wrong)).toBe(false);
  });

  it('accepts the answer typed with Arabic-Indic digits (an Arabic keyboard), still only 9', () => {
    expect(isHumanCheckAnswer('٩')).toBe(true);
    expect(isHumanCheckAnswer(' ۹ ')).toBe(true);
    for (const wrong of ['٨', '٠٩', 'تسعة', '٩٩']) expect(isHumanCheckAnswer(wrong)).toBe(false);
    expect(withWesternDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ +971')).toBe('0123456789 0123456789 +971');
  });

  describe('validateContactForm checks in the spec order, answering with a code (the form shows its text)', () => {
    it('passes a complete form', () => {
      expect(validateContactForm(valid)).toBeNull();
      expect(validateContactForm({ ...valid, answer: 9 })).toBeNull();
    });

    it.each(['name', 'email', 'message'] as const)(
      'asks for the required fields when %s is blank, before anything else',
      (field) => {
        expect(
          validateContactForm({ ...valid, [field]: '  ', email: field === 'email' ? '' : 'bad', answer: '1' }),
        ).toBe('required');
      },
    );

    it('then checks the e-mail, before the human check', () => {
      expect(validateContactForm({ ...valid, email: 'not-an-email', answer: '1' })).toBe('invalidEmail');
    });

    it('then checks the human check', () => {
      expect(validateContactForm({ ...valid, answer: '' })).toBe('wrongAnswer');
    });
  });

  it('the human check is 23 - 14 = 9', () => {
    expect(HUMAN_CHECK.question).toBe('23 - 14 = ?');
    expect(HUMAN_CHECK.minuend - HUMAN_CHECK.subtrahend).toBe(HUMAN_CHECK.answer);
  });
});

describe('the character rule of every text field (textProblem)', () => {
  const DIRECTION_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

  it.each(DIRECTION_CONTROLS.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'refuses the text-direction control %s in one-line text, keeps it in a message',
    (_name, control) => {
      expect(textProblem(`${control}gpj.exe`, 'line')).toBe('direction');
      expect(textProblem(`Aisha ${control}`, 'line')).toBe('direction');
      expect(textProblem(`a message ${control}مرحبا`, 'multiline')).toBeNull();
    },
  );

  it.each([
    ['Arabic', 'عائشة الرحمن'],
    ['Arabic with Latin and digits', 'شركة Gulf Build ذ.م.م 20S'],
    ['Arabic-Indic digits', '٠٥٠ ١٢٣ ٤٥٦٧'],
    ['the marks RLM, LRM and ALM', '\u200fعائشة\u200e (Aisha)\u061c'],
    ['Hebrew, CJK, emoji, combining marks', 'שלום 你好 😀👍🏽 é'],
  ])('accepts %s in one-line text', (_what, value) => {
    expect(textProblem(value, 'line')).toBeNull();
    expect(textProblem(value, 'multiline')).toBeNull();
  });

  it('refuses control characters (C0, DEL, C1) and half an emoji; a message keeps tab and line breaks', () => {
    for (const bad of ['a\u0000b', 'a\u0007', 'a\u001b[31m', 'a\u007f', 'a\u0085b', 'a\u009b', 'a\ud83d', '\ude00b']) {
      expect(textProblem(bad, 'line')).toBe('control');
      expect(textProblem(bad, 'multiline')).toBe('control');
    }
    for (const breakOrTab of ['a\nb', 'a\r\nb', 'a\tb']) {
      expect(textProblem(breakOrTab, 'line')).toBe('control');
      expect(textProblem(breakOrTab, 'multiline')).toBeNull();
    }
  });

  it('withoutDisallowedCharacters leaves exactly what textProblem accepts', () => {
    const dirty = '\u202egpj.exe\u0000 \u2067عائشة\u2069\n\tok 😀 \ud83d';
    expect(withoutDisallowedCharacters(dirty, 'line')).toBe('gpj.exe عائشةok 😀 ');
    expect(withoutDisallowedCharacters(dirty, 'multiline')).toBe('\u202egpj.exe \u2067عائشة\u2069\n\tok 😀 ');
    for (const kind of ['line', 'multiline'] as const)
      expect(textProblem(withoutDisallowedCharacters(dirty, kind), kind)).toBeNull();
  });

  it('cutText cuts between code points: an emoji is kept whole or left out', () => {
    expect(cutText('abc', 5)).toBe('abc');
    expect(cutText('abcdef', 3)).toBe('abc');
    expect(cutText('ab😀', 3)).toBe('ab');
    expect(cutText('ab😀', 4)).toBe('ab😀');
    expect(cutText('😀😀', 1)).toBe('');
    expect(cutText('abc', 0)).toBe('');
  });
});
