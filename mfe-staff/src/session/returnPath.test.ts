import { safeReturnPath, signInPathFor } from './returnPath';

describe('where the sign-in page returns to', () => {
  it('keeps a path of the app with its query', () => {
    expect(safeReturnPath('/inbox?status=spam&q=x')).toBe('/inbox?status=spam&q=x');
    expect(safeReturnPath('/inbox/quote/12')).toBe('/inbox/quote/12');
  });

  it('sends anything else to the inbox: other hosts, schemes, the sign-in page itself, nothing', () => {
    for (const next of [
      null,
      undefined,
      '',
      'inbox',
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      '/sign-in',
      '/sign-in?next=/x',
    ]) {
      expect(safeReturnPath(next)).toBe('/inbox');
    }
  });

  it("writes the sign-in page's address with the way back (none for the inbox, the default)", () => {
    expect(signInPathFor('/reviews?visibility=held')).toBe('/sign-in?next=%2Freviews%3Fvisibility%3Dheld');
    expect(signInPathFor('/inbox')).toBe('/sign-in');
  });
});
