import { CANARY_FAILED_COOKIE } from '@site/contracts/federation';
import { canaryFailures, rememberCanaryFailure } from './canaryCookie';

/** A document whose cookie keeps the last value written, attributes included (to read what the shell sends). */
const documentWith = (cookie: string, protocol = 'https:') =>
  ({ cookie, location: { protocol } }) as unknown as Document;

const clearCookie = () => {
  document.cookie = `${CANARY_FAILED_COOKIE}=; Path=/; Max-Age=0`;
};

afterEach(clearCookie);

describe('canaryFailures', () => {
  it('reads the remote names from a cookie header with other cookies around it', () => {
    expect(canaryFailures(`theme=dark; ${CANARY_FAILED_COOKIE}=catalogue%2Cchat; session=abc`)).toEqual([
      'catalogue',
      'chat',
    ]);
    expect(canaryFailures(`theme=dark;${CANARY_FAILED_COOKIE}=catalogue`)).toEqual(['catalogue']);
    expect(canaryFailures(`${CANARY_FAILED_COOKIE}=contact`)).toEqual(['contact']);
  });

  it('reads nothing when the cookie is absent, empty, or only a cookie with a similar name is there', () => {
    expect(canaryFailures('')).toEqual([]);
    expect(canaryFailures('theme=dark; session=abc')).toEqual([]);
    expect(canaryFailures(`${CANARY_FAILED_COOKIE}=`)).toEqual([]);
    expect(canaryFailures(`x_${CANARY_FAILED_COOKIE}=catalogue; ${CANARY_FAILED_COOKIE}_old=chat`)).toEqual([]);
  });
});

describe('rememberCanaryFailure', () => {
  it("adds a remote to the page's cookie, keeps the others and names each once", () => {
    document.cookie = 'theme=dark; Path=/';
    rememberCanaryFailure('catalogue');
    expect(canaryFailures(document.cookie)).toEqual(['catalogue']);
    rememberCanaryFailure('chat');
    rememberCanaryFailure('catalogue');
    expect(canaryFailures(document.cookie)).toEqual(['catalogue', 'chat']);
    expect(document.cookie).toContain('theme=dark');
    document.cookie = 'theme=; Path=/; Max-Age=0';
  });

  it('writes the cookie for the whole site, for a day, Secure on https only', () => {
    const secure = documentWith(`theme=dark; ${CANARY_FAILED_COOKIE}=chat`);
    rememberCanaryFailure('catalogue', secure);
    expect(secure.cookie).toBe(`${CANARY_FAILED_COOKIE}=chat%2Ccatalogue; Path=/; Max-Age=86400; SameSite=Lax; Secure`);

    const plain = documentWith('', 'http:');
    rememberCanaryFailure('catalogue', plain);
    expect(plain.cookie).toBe(`${CANARY_FAILED_COOKIE}=catalogue; Path=/; Max-Age=86400; SameSite=Lax`);
  });
});
