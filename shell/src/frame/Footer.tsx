import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import {
  InstagramIcon,
  LinkedInIcon,
  LocationIcon,
  MailIcon,
  MapFrame,
  PhoneIcon,
  VisuallyHidden,
} from '@site/shared-ui';
// The record itself, read field by field: webpack then bundles only the fields the frame draws (@site/content's
// `company` is the whole record, its tagline, postal address and the rest on every page).
import company from '@site/content/data/company.json';
import { useLocale } from '@site/shared-store';
import { useText } from '../i18n/useText';

/** The warehouse map in the page's language (the embed's own labels). */
export const warehouseMapUrl = (locale: string): string =>
  locale === 'en' ? company.warehouseMap : `${company.warehouseMap}&hl=${locale}`;

const Bar = styled.footer`
  /* Room at the bottom for the floating brochure and chat buttons. */
  padding: 40px 20px 96px;
  color: ${({ theme }) => theme.colors.onBrandMuted};
  background: ${({ theme }) => theme.colors.brandDark};
  a { color: ${({ theme }) => theme.colors.onBrand}; }
`;

const Columns = styled.div`
  display: grid;
  gap: 32px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  max-width: 1240px;
  margin: 0 auto;
  h2 { font-size: ${({ theme }) => theme.typeScale.lg}; margin: 0 0 12px; color: ${({ theme }) => theme.colors.onBrand}; }
  ul { list-style: none; padding: 0; margin: 0; }
  li { display: flex; align-items: flex-start; gap: 8px; margin-bottom: 8px; }
  li svg { flex: none; margin-top: 3px; }
  iframe, [data-map-placeholder] { display: block; width: 100%; height: 180px; border: 0; border-radius: ${({ theme }) => theme.radius.md}; }
`;

const Copyright = styled.p`
  max-width: 1240px;
  margin: 32px auto 0;
  padding-top: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.dividerOnBrand};
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

/** The footer's id: the last part of every page (server-render/renderPage.tsx waits for it before the first paint). */
export const FOOTER_ID = 'site-footer';

/** The company's year: Dubai's (UTC+4 all year round), whatever the clock's time zone. */
const dubaiYear = (): number => new Date(Date.now() + 4 * 3_600_000).getUTCFullYear();
/** The year the server wrote in the page's HTML, if it drew the page. */
const drawnYear = (): number =>
  Number(document.querySelector(`#${FOOTER_ID} [data-year]`)?.getAttribute('data-year')) || dubaiYear();
const unchanging = () => () => {};

/**
 * The copyright's year, computed where the page is drawn. Hydration draws the year the server wrote (data-year), so a
 * page drawn on 31 December and hydrated on 1 January matches it; then the browser shows the later of it and its own:
 * a page kept in a cache over New Year moves on, and a device whose clock is behind cannot take it back.
 */
function useCopyrightYear(): number {
  return useSyncExternalStore(
    unchanging,
    () => Math.max(drawnYear(), dubaiYear()),
    () => (typeof document === 'undefined' ? dubaiYear() : drawnYear()),
  );
}

/** Contacts, socials, the warehouse map and the copyright line (the company's facts: content/data/company.json). */
export function Footer() {
  const text = useText();
  const locale = useLocale();
  const year = useCopyrightYear();
  return (
    <Bar id={FOOTER_ID}>
      <Columns>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts">{text('footer.contacts')}</h2>
          <ul>
            <li>
              <LocationIcon size={18} /> {text('site.address')}
            </li>
            {/* Phone numbers and the e-mail address read left to right inside Arabic text too (bidi isolation). */}
            {[company.mainPhone, company.secondPhone].map((phone) => (
              <li key={phone}>
                <PhoneIcon size={18} />{' '}
                <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
                  <bdi dir="ltr">{phone}</bdi>
                </a>
              </li>
            ))}
            <li>
              <MailIcon size={18} />{' '}
              <a href={`mailto:${company.generalEmail}`}>
                <bdi dir="ltr">{company.generalEmail}</bdi>
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-socials">
          <h2 id="footer-socials">{text('footer.socials')}</h2>
          <ul>
            {company.socials.map((social) => (
              <li key={social.url}>
                {social.kind === 'professional' ? <LinkedInIcon size={18} /> : <InstagramIcon size={18} />}
                <a href={social.url} target="_blank" rel="noopener noreferrer">
                  {social.name} <VisuallyHidden>{text('footer.newTab')}</VisuallyHidden>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-map">
          <h2 id="footer-map">{text('footer.locateUs')}</h2>
          <MapFrame src={warehouseMapUrl(locale)} title={text('footer.map')} />
        </section>
      </Columns>
      <Copyright data-year={year}>{text('site.copyright', { year })}</Copyright>
    </Bar>
  );
}
