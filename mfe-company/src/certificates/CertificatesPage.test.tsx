// The certificates page (/certificates, /ar/certificates) in each edition, with that edition's texts and data (the
// Arabic one loaded from /data/ar/…): each standard kept left to right, a certificate opened full size.
import { fireEvent, screen, within } from '@testing-library/react';
import { dataEdition } from '@site/content/arabic-edition';
import { expectNoEnglishText, loaded, renderEdition, setUpEditionPage } from '../testing/editionPage';
import CertificatesPage from './CertificatesPage';

/** What each edition's certificates page shows: the same page, its texts in the page's language. */
const EDITIONS = [
  {
    locale: 'en' as const,
    title: 'Certificates',
    view: (title: string) => `Click to view ${title}`,
    issuedBy: 'issued by',
    quality: 'Quality Assurance',
    storage: "Controlled storage in our warehouses and documented handling to the customer's site.",
  },
  {
    locale: 'ar' as const,
    title: 'الشهادات',
    view: (title: string) => `انقر لعرض ${title}`,
    issuedBy: 'صادرة عن',
    quality: 'ضمان الجودة',
    storage: 'تخزين مضبوط في مستودعاتنا ومناولة موثّقة حتى موقع العميل.',
  },
];

describe.each(EDITIONS)('CertificatesPage in each edition ($locale)', (edition) => {
  const { locale } = edition;
  setUpEditionPage();

  it("shows the certificates and Quality Assurance in the page's language, each standard kept left to right", async () => {
    const certificates = dataEdition(locale, 'certificates.json');
    renderEdition(<CertificatesPage />, '/certificates', locale);
    expect(screen.getByText(edition.title, { selector: 'h1' })).toBeInTheDocument();
    await loaded(locale);
    for (const certificate of certificates) {
      const open = screen.getByLabelText(edition.view(certificate.title), { selector: 'button' });
      expect(within(open).getByRole('img')).toHaveAttribute('alt', certificate.alt);
      const caption = screen.getByText(certificate.title, { selector: 'h2' }).nextElementSibling as HTMLElement;
      expect(caption).toHaveTextContent(`${certificate.standard} · ${edition.issuedBy} ${certificate.issuer}`);
      expect(caption.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
      expect(caption.querySelector('bdi')).toHaveTextContent('ISO 9001:2015');
    }
    expect(
      screen.getByText(edition.quality, { selector: 'h2' }).nextElementSibling!.querySelectorAll('li'),
    ).toHaveLength(4);
    expect(screen.getByText(edition.storage)).toBeInTheDocument();
    if (locale === 'ar') expectNoEnglishText();

    fireEvent.click(screen.getByLabelText(edition.view(certificates[1]!.title), { selector: 'button' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(certificates[1]!.title);
    expect(within(dialog).getByRole('img')).toHaveAttribute('alt', certificates[1]!.alt);
  });
});
