import { branchNameOf, COUNTRY_OPTIONS, ONBOARDING_START, onboardingTurn } from './onboarding';

describe('the conversational way in', () => {
  it('takes the first text as the name and asks for the e-mail', () => {
    const turn = onboardingTurn(ONBOARDING_START, '  Aisha Khan ');
    expect(turn.next).toEqual({ stage: 'email', name: 'Aisha Khan', email: '' });
    expect(turn.reply.text).toBe("Nice to meet you, Aisha Khan! What's your email address?");
    expect(turn.details).toBeUndefined();
  });

  it('refuses an invalid e-mail with the spec text and stays at the e-mail', () => {
    const state = { stage: 'email' as const, name: 'Aisha', email: '' };
    const turn = onboardingTurn(state, 'aisha at example');
    expect(turn.next).toBe(state);
    expect(turn.reply).toEqual({ text: 'Please enter a valid email address so I can assist you better.' });
  });

  it('then offers the regions as options', () => {
    const turn = onboardingTurn({ stage: 'email', name: 'Aisha', email: '' }, 'aisha@example.com');
    expect(turn.next).toEqual({ stage: 'country', name: 'Aisha', email: 'aisha@example.com' });
    expect(turn.reply.options).toEqual(['Dubai', 'Oman (Muscat Office)', 'Bahrain (Warehouse)', 'Saudi (through an associated company)']);
    expect(COUNTRY_OPTIONS).toHaveLength(4);
  });

  it('finishes with the details once a region is chosen, as its branch name', () => {
    const turn = onboardingTurn({ stage: 'country', name: 'Aisha', email: 'aisha@example.com' }, 'Oman (Muscat Office)');
    expect(turn.details).toEqual({ userName: 'Aisha', userEmail: 'aisha@example.com', userCountry: 'Oman' });
    expect(turn.reply.text).toMatch(/^Thank you, Aisha!/);
  });

  it('asks again for a region it does not know', () => {
    const state = { stage: 'country' as const, name: 'Aisha', email: 'aisha@example.com' };
    const turn = onboardingTurn(state, 'Qatar');
    expect(turn.details).toBeUndefined();
    expect(turn.reply.options).toHaveLength(4);
  });

  it('maps labels and names to branch names', () => {
    expect(branchNameOf('saudi (through an associated company)')).toBe('Saudi Arabia');
    expect(branchNameOf('Bahrain')).toBe('Bahrain');
    expect(branchNameOf('Mars')).toBeUndefined();
  });
});
