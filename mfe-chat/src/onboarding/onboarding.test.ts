import { testI18n } from '@test/render';
import { chatLanguage } from '../widget/botTexts';
import { branchNameOf, ONBOARDING_START, onboardingTurn } from './onboarding';

/** The widget's flows' texts and regions in a language, as the widget makes them from its text hook. */
const languageOf = (locale: 'en' | 'ar') => chatLanguage(testI18n(locale)._.bind(testI18n(locale)), locale);
const en = languageOf('en');
const ar = languageOf('ar');

describe('the conversational way in', () => {
  it('takes the first text as the name and asks for the e-mail', () => {
    const turn = onboardingTurn(ONBOARDING_START, '  Aisha Khan ', en);
    expect(turn.next).toEqual({ stage: 'email', name: 'Aisha Khan', email: '' });
    expect(turn.reply.text).toBe("Nice to meet you, Aisha Khan! What's your email address?");
    expect(turn.details).toBeUndefined();
  });

  it('refuses an invalid e-mail with the spec text and stays at the e-mail', () => {
    const state = { stage: 'email' as const, name: 'Aisha', email: '' };
    const turn = onboardingTurn(state, 'aisha at example', en);
    expect(turn.next).toBe(state);
    expect(turn.reply).toEqual({ text: 'Please enter a valid email address so I can assist you better.' });
  });

  it('then offers the regions as options', () => {
    const turn = onboardingTurn({ stage: 'email', name: 'Aisha', email: '' }, 'aisha@example.com', en);
    expect(turn.next).toEqual({ stage: 'country', name: 'Aisha', email: 'aisha@example.com' });
    expect(turn.reply.options).toEqual([
      'Dubai',
      'Oman (Muscat Office)',
      'Bahrain (Warehouse)',
      'Saudi (through an associated company)',
    ]);
  });

  it('finishes with the details once a region is chosen, as its branch name', () => {
    const turn = onboardingTurn(
      { stage: 'country', name: 'Aisha', email: 'aisha@example.com' },
      'Oman (Muscat Office)',
      en,
    );
    expect(turn.details).toEqual({ userName: 'Aisha', userEmail: 'aisha@example.com', userCountry: 'Oman' });
    expect(turn.reply.text).toMatch(/^Thank you, Aisha!/);
  });

  it('asks again for a region it does not know', () => {
    const state = { stage: 'country' as const, name: 'Aisha', email: 'aisha@example.com' };
    const turn = onboardingTurn(state, 'Qatar', en);
    expect(turn.details).toBeUndefined();
    expect(turn.reply.options).toHaveLength(4);
  });

  it('maps labels and names to branch names', () => {
    expect(branchNameOf('saudi (through an associated company)', en.regions)).toBe('Saudi Arabia');
    expect(branchNameOf('Bahrain', en.regions)).toBe('Bahrain');
    expect(branchNameOf('Mars', en.regions)).toBeUndefined();
  });
});

describe('in Arabic', () => {
  it('asks in Arabic, offers the regions with their Arabic labels and keeps the branch name of the data', () => {
    const named = onboardingTurn(ONBOARDING_START, 'عائشة', ar);
    expect(named.reply.text).toBe('تشرّفنا بمعرفتك، عائشة! ما عنوان بريدك الإلكتروني؟');
    expect(onboardingTurn(named.next, 'aisha at example', ar).reply.text).toBe(
      'يُرجى إدخال عنوان بريد إلكتروني صحيح حتى أتمكن من مساعدتك على نحو أفضل.',
    );
    const asked = onboardingTurn(named.next, 'aisha@example.com', ar);
    expect(asked.reply).toEqual({
      text: 'شكرًا لك! ما المنطقة أو الفرع الذي تودّ الاستفسار منه؟',
      options: ['دبي', 'عُمان (مكتب مسقط)', 'البحرين (المستودع)', 'السعودية (عبر شركة شقيقة)'],
    });
    const chosen = onboardingTurn(asked.next, 'عُمان (مكتب مسقط)', ar);
    expect(chosen.details).toEqual({ userName: 'عائشة', userEmail: 'aisha@example.com', userCountry: 'Oman' });
    expect(chosen.reply.text).toMatch(/^شكرًا لك، عائشة! كيف يمكنني مساعدتك اليوم؟/);
  });

  it('understands a region typed in Arabic (with or without short vowels) or in English', () => {
    expect(branchNameOf('عمان', ar.regions)).toBe('Oman');
    expect(branchNameOf('المملكة العربية السعودية', ar.regions)).toBe('Saudi Arabia');
    expect(branchNameOf(' البحرين ', ar.regions)).toBe('Bahrain');
    expect(branchNameOf('Oman (Muscat Office)', ar.regions)).toBe('Oman');
    expect(branchNameOf('dubai', ar.regions)).toBe('Dubai');
    expect(branchNameOf('قطر', ar.regions)).toBeUndefined();
  });
});
