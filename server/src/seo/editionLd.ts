// The JSON-LD (schema.org) one edition's pages are made of: the company as an Organization with its branches, the
// page itself (its type, language and publisher), its breadcrumb and the lists it shows. Written for the origin a
// page is served from, so each piece takes it.
import { LOGO_PATH, type BranchId } from '@site/content';
import { localizedPath, type Locale } from '@site/contracts/locale';
import { HOME_PATH } from '@site/contracts/routes';
import type { JsonLd, SeoSource } from './types.js';

/** Country of each branch (ISO 3166-1 alpha-2), for the addresses in the JSON-LD. The head office is in Dubai. */
const BRANCH_COUNTRY: Readonly<Record<BranchId, string>> = { dubai: 'AE', oman: 'OM', bahrain: 'BH', saudi: 'SA' };

/** A telephone number fit for structured data (content may hold a placeholder such as '+966 XX XXX XXXX'). */
const REAL_PHONE = /^\+?\d[\d ()-]{5,}$/;

/** A site-root path on `origin` (a path that is already a URL stays as it is). */
export const absolute = (origin: string, path: string): string =>
  /^https?:\/\//.test(path) ? path : `${origin}${path}`;

const postalAddress = (address: string, country: string | undefined): JsonLd => ({
  '@type': 'PostalAddress',
  streetAddress: address,
  ...(country ? { addressCountry: country } : {}),
});

/** The Organization's @id, which every page's WebPage names as its publisher. */
export const organizationId = (origin: string): string => `${origin}/#organization`;

export class EditionLd {
  /** `homeTitle` is the first item of every breadcrumb. */
  constructor(
    private readonly locale: Locale,
    private readonly facts: Pick<SeoSource, 'company' | 'branches'>,
    private readonly homeTitle: string,
  ) {}

  /** An address of this edition ('/about' inside it), absolute. */
  url(origin: string, path: string): string {
    return absolute(origin, localizedPath(this.locale, path));
  }

  organization(origin: string): JsonLd {
    const { company, branches } = this.facts;
    return {
      '@type': 'Organization',
      '@id': organizationId(origin),
      name: company.name,
      alternateName: company.shortName,
      slogan: company.tagline,
      url: this.url(origin, HOME_PATH),
      logo: absolute(origin, LOGO_PATH),
      foundingDate: String(company.founded),
      email: company.generalEmail,
      ...(REAL_PHONE.test(company.mainPhone) ? { telephone: company.mainPhone } : {}),
      address: postalAddress(company.address, BRANCH_COUNTRY.dubai),
      sameAs: company.socials.map((s) => s.url),
      contactPoint: branches.map((branch) => ({
        '@type': 'ContactPoint',
        contactType: 'sales',
        name: branch.label,
        areaServed: BRANCH_COUNTRY[branch.id],
        email: branch.email,
        ...(REAL_PHONE.test(branch.mobileNo) ? { telephone: branch.mobileNo } : {}),
        ...(branch.fax && REAL_PHONE.test(branch.fax) ? { faxNumber: branch.fax } : {}),
      })),
      location: branches.map((branch) => ({
        '@type': 'Place',
        name: branch.label,
        address: postalAddress(branch.address, BRANCH_COUNTRY[branch.id]),
      })),
    };
  }

  /** Home first, then each [name, path]; the last item is the page itself. */
  breadcrumb(origin: string, trail: readonly [string, string][]): JsonLd {
    return {
      '@type': 'BreadcrumbList',
      itemListElement: [[this.homeTitle, HOME_PATH] as const, ...trail].map(([name, path], index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name,
        item: this.url(origin, path),
      })),
    };
  }

  /** `items` as a list of `total` (its first items only, when the page shows only those). */
  itemList(origin: string, items: readonly { name: string; path: string }[], total = items.length): JsonLd {
    return {
      '@type': 'ItemList',
      numberOfItems: total,
      itemListElement: items.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: item.name,
        url: this.url(origin, item.path),
      })),
    };
  }

  /** The page itself as schema.org sees it: its language (inLanguage) and who publishes it. */
  webPage(origin: string, type: string, path: string, name: string, description: string, more: JsonLd = {}): JsonLd {
    return {
      '@type': type,
      '@id': `${this.url(origin, path)}#webpage`,
      url: this.url(origin, path),
      name,
      description,
      inLanguage: this.locale,
      publisher: { '@id': organizationId(origin) },
      ...more,
    };
  }
}
