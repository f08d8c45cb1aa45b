import { checkVisitorDetails, loadVisitorProfile, PROFILE_STORAGE_KEY, saveVisitorProfile } from './visitorProfile';

const profile = {
  userName: 'Aisha',
  userEmail: 'aisha@example.com',
  userCountry: 'Dubai',
  timestamp: '2025-01-05T09:05:00.000Z',
};

describe('visitor profile', () => {
  beforeEach(() => localStorage.clear());

  it('is kept under one key and read back', () => {
    saveVisitorProfile(profile);
    expect(Object.keys(localStorage)).toEqual([PROFILE_STORAGE_KEY]);
    expect(JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY)!)).toEqual(profile);
    expect(loadVisitorProfile()).toEqual(profile);
  });

  it('is ignored when missing, broken or no longer valid', () => {
    expect(loadVisitorProfile()).toBeNull();
    localStorage.setItem(PROFILE_STORAGE_KEY, '{not json');
    expect(loadVisitorProfile()).toBeNull();
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify({ ...profile, userEmail: 'nope' }));
    expect(loadVisitorProfile()).toBeNull();
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify({ ...profile, userCountry: 'Atlantis' }));
    expect(loadVisitorProfile()).toBeNull();
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify({ ...profile, userName: 7 }));
    expect(loadVisitorProfile()).toBeNull();
  });

  it('survives a browser that refuses storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(loadVisitorProfile(blocked)).toBeNull();
    expect(() => saveVisitorProfile(profile, blocked)).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('checks the welcome form: all fields, a valid e-mail, a known branch; trims', () => {
    expect(checkVisitorDetails({ userName: ' Aisha ', userEmail: ' aisha@example.com ', userCountry: 'Oman' })).toEqual(
      {
        userName: 'Aisha',
        userEmail: 'aisha@example.com',
        userCountry: 'Oman',
      },
    );
    expect(checkVisitorDetails({ userName: ' ', userEmail: 'aisha@example.com', userCountry: 'Oman' })).toBeNull();
    expect(checkVisitorDetails({ userName: 'Aisha', userEmail: 'aisha@example', userCountry: 'Oman' })).toBeNull();
    expect(checkVisitorDetails({ userName: 'Aisha', userEmail: 'aisha@example.com', userCountry: '' })).toBeNull();
  });
});
