import { useLocation } from 'react-router-dom';
import { LANGUAGE_COOKIE, localizedPath, otherEditionPath, type Locale } from '@site/contracts/locale';
import { useHydrated } from '@site/shared-ui';
import { useLocale } from '@site/shared-store';
import { useText } from '../i18n/useText';

/** How long the choice is remembered: a year, in seconds. */
export const LANGUAGE_COOKIE_MAX_AGE = 31_536_000;

/** The cookie that remembers `locale` (the server's '/' sends a returning visitor to that edition). */
export function languageCookie(locale: Locale): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** The same page in the other edition, with its query and fragment ('/ar/our-products/cables?sort=x' → '/our-products/cables?sort=x'). */
export function otherEditionHref(pathname: string, search = '', hash = ''): { locale: Locale; href: string } {
  const { locale, path } = otherEditionPath(pathname);
  return { locale, href: `${path}${search}${hash}` };
}

/**
 * The language switch: a plain link to the same page in the other edition, a full page load (the other
 * edition's messages, data and direction come with it). It reads «العربية» on English pages and "English" on Arabic
 * ones, each in its own language (lang, hreflang), and remembers the choice in the `site_lang` cookie.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const text = useText();
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  const hydrated = useHydrated();
  // The router's path is inside the edition's base ('/ar' on Arabic pages): the page's real address adds it back.
  const address = localizedPath(locale, pathname);
  const { locale: other, href } = hydrated ? otherEditionHref(address, search, hash) : otherEditionHref(address);

  return (
    // No preventDefault: the browser follows the link (mouse, Enter, or a tap) after the cookie is written.
    <a
      className={className}
      href={href}
      hrefLang={other}
      lang={other}
      onClick={() => (document.cookie = languageCookie(other))}
    >
      {text('language.switch')}
    </a>
  );
}
