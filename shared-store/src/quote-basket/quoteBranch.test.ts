// The branch chosen on the request page sets the currency the catalogue's prices are shown in (decision 044), as a
// cookie the server reads: the branch's own currency, marked as the branch's, never over one the visitor chose.
import { keepQuoteBranch, readQuoteBranch } from './quoteBranch';

const currencyCookie = () => /(?:^|;\s*)site-currency=([^;]*)/.exec(document.cookie)?.[1];
const clearCookie = () => {
  document.cookie = 'site-currency=; path=/; max-age=0';
};

describe('the branch chosen', () => {
  beforeEach(() => {
    clearCookie();
    localStorage.clear();
  });

  it("sets its currency when the visitor chose none, and follows a later branch: Oman's OMR, then Bahrain's BHD", () => {
    keepQuoteBranch('Oman');
    expect(readQuoteBranch()).toBe('Oman');
    expect(currencyCookie()).toBe('OMR.b');
    keepQuoteBranch('Bahrain');
    expect(currencyCookie()).toBe('BHD.b');
    keepQuoteBranch('Saudi Arabia');
    expect(currencyCookie()).toBe('SAR.b');
    keepQuoteBranch('Dubai');
    expect(currencyCookie()).toBe('AED.b');
  });

  it('never replaces the currency the visitor chose on the currency page', () => {
    document.cookie = 'site-currency=SAR; path=/';
    keepQuoteBranch('Oman');
    expect(currencyCookie()).toBe('SAR');
  });

  it('takes no currency from a branch the site does not have, and replaces a value that is no currency', () => {
    keepQuoteBranch('Atlantis');
    expect(currencyCookie()).toBeUndefined();
    document.cookie = 'site-currency=XYZ; path=/';
    keepQuoteBranch('Bahrain');
    expect(currencyCookie()).toBe('BHD.b');
  });
});
