// The summary's uploaded picture and datasheet (the catalogue editor's uploads), its gallery and a size's own picture
// and datasheet, in both editions, and the same markup drawn on the server and hydrated in the browser.
import type { ReactElement } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import type { Locale } from '@site/contracts/locale';
import type { ProductDetail } from '@site/content';
import { makeStore, SiteI18nProvider } from '@site/shared-store';
import { ThemeRoot } from '@site/shared-ui';
import { renderInSite, testI18n } from '@test/render';
import { DETAIL_AR } from '../testing/arabicFixtures';
import { DETAIL } from '../testing/catalogueFixtures';
import { ProductSummary } from './ProductSummary';
import { GALLERY_ID } from './gallery/galleryId';
import { loadLaterParts } from './later/LaterParts';

const MEDIA = `/media/catalogue/gland_a/${'a1'.repeat(32)}`;
const PICTURE = { src: MEDIA, widths: [1280, 320, 640] };
const DATASHEET = `/media/catalogue/gland_a/${'b2'.repeat(32)}.pdf`;

/** The detail without the illustration-era downloads, so the uploaded datasheet is alone in its row when asked. */
const bare = (detail: ProductDetail): ProductDetail => {
  const { downloadFile: _file, downloadFiles: _files, viewManufacturersCatalogue: _catalogue, ...rest } = detail;
  return rest;
};

const summaryOf = (product: ProductDetail, locale: Locale = 'en') => {
  renderInSite(<ProductSummary product={product} quoteFacts={null} />, { locale });
  return screen.getByRole('region', { name: locale === 'en' ? 'Product summary' : 'ملخص المنتج' });
};

describe('ProductSummary: uploaded picture and datasheet', () => {
  it('shows the uploaded picture as AVIF and WebP sources at each width, the WebP at the middle width as fallback', () => {
    const summary = summaryOf({ ...DETAIL, picture: PICTURE });
    const img = within(summary).getByRole('img', { name: DETAIL.productName });
    expect(img).toHaveAttribute('src', `${MEDIA}-640.webp`);
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '360');
    // The LCP element: loaded eagerly and early, as the illustration is (the server's HTML preloads either at high priority).
    expect(img).not.toHaveAttribute('loading');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    const picture = img.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const sources = [...picture.querySelectorAll('source')].map((source) => ({
      type: source.type,
      srcset: source.srcset,
      sizes: source.sizes,
    }));
    expect(sources).toEqual([
      {
        type: 'image/avif',
        srcset: `${MEDIA}-320.avif 320w, ${MEDIA}-640.avif 640w, ${MEDIA}-1280.avif 1280w`,
        sizes: expect.stringContaining('(max-width: 900px)'),
      },
      {
        type: 'image/webp',
        srcset: `${MEDIA}-320.webp 320w, ${MEDIA}-640.webp 640w, ${MEDIA}-1280.webp 1280w`,
        sizes: sources[0]!.sizes,
      },
    ]);
    expect(within(summary).queryByRole('img', { name: DETAIL.productName })?.getAttribute('src')).not.toContain('.svg');
  });

  it('a picture narrower than every width has its one variant', () => {
    const summary = summaryOf({ ...DETAIL, picture: { src: MEDIA, widths: [300] } });
    const img = within(summary).getByRole('img', { name: DETAIL.productName });
    expect(img).toHaveAttribute('src', `${MEDIA}-300.webp`);
    expect(img.parentElement!.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      `${MEDIA}-300.avif 300w`,
    );
  });

  it('without a picture, shows the illustration as before: no <picture>, no sources; asked for at high priority', () => {
    const summary = summaryOf(DETAIL);
    const img = within(summary).getByRole('img', { name: DETAIL.productName });
    expect(img).toHaveAttribute('src', '/images/products/gland_brass.svg');
    expect(img.parentElement!.tagName).not.toBe('PICTURE');
    expect(summary.querySelector('picture, source')).toBeNull();
    // The page's largest element: on a page the server drew, the <img> (and React's preload of it in the head) is
    // what asks for it, so it must ask early; the server adds no hint of its own there (shellResponder.ts).
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('links the uploaded datasheet beside the other downloads', () => {
    const summary = summaryOf({ ...DETAIL, datasheet: DATASHEET });
    const link = within(summary).getByRole('link', { name: 'Download datasheet (PDF)' });
    expect(link).toHaveAttribute('href', DATASHEET);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The same row as the datasheet of /uploads/ and the named downloads.
    expect(link.parentElement).toBe(within(summary).getByRole('link', { name: 'Download Datasheet' }).parentElement);
    expect(within(link.parentElement!).getByRole('link', { name: 'Type Test Report' })).toBeInTheDocument();
  });

  it('links the uploaded datasheet when it is the only download', () => {
    const summary = summaryOf(bare({ ...DETAIL, datasheet: DATASHEET }));
    expect(
      within(summary)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('target') === '_blank'),
    ).toHaveLength(1);
    expect(within(summary).getByRole('link', { name: 'Download datasheet (PDF)' })).toHaveAttribute('href', DATASHEET);
  });

  it('without a datasheet, has no such link', () => {
    const summary = summaryOf(DETAIL);
    expect(within(summary).queryByRole('link', { name: 'Download datasheet (PDF)' })).toBeNull();
    expect(within(summary).getByRole('link', { name: 'Download Datasheet' })).toHaveAttribute(
      'href',
      '/uploads/gland-a.pdf',
    );
  });

  describe("a gallery and a size of its own (drawn by the page's later chunk)", () => {
    const SIDE = { src: `/media/catalogue/gland_a/${'c3'.repeat(32)}`, widths: [320, 640] };
    const SIZE = { src: `/media/catalogue/gland_a/${'d4'.repeat(32)}`, widths: [320, 640] };
    const SIZE_SHEET = `/media/catalogue/gland_a/${'e5'.repeat(32)}.pdf`;
    const GALLERY = [
      { ...PICTURE, alt: 'The gland, front view' },
      { ...SIDE, alt: 'The gland, from the side' },
    ];
    const variant = { code: 'GL-25', label: 'Size 25', unit: 'piece' as const };
    const withSize = {
      ...DETAIL,
      gallery: GALLERY,
      variantMedia: [{ code: 'GL-25', picture: SIZE, datasheet: SIZE_SHEET }],
    };

    // the chunk's code there first, as the server awaits it before drawing (its first import is slow in jest)
    beforeAll(() => loadLaterParts(GALLERY_ID), 15_000);

    it('shows the pictures in a strip with a link to each, only the first eager', async () => {
      renderInSite(<ProductSummary product={{ ...DETAIL, gallery: GALLERY }} quoteFacts={null} />);
      const strip = await screen.findByRole('list', { name: 'Product pictures: scroll sideways for the next' });
      const pictures = within(strip).getAllByRole('img');
      expect(pictures.map((img) => img.getAttribute('alt'))).toEqual([
        'The gland, front view',
        'The gland, from the side',
      ]);
      expect(pictures[0]).toHaveAttribute('fetchpriority', 'high');
      expect(pictures[0]).not.toHaveAttribute('loading');
      expect(pictures[1]).toHaveAttribute('loading', 'lazy');
      const links = screen.getByRole('list', { name: 'Pictures' });
      expect(within(links).getByRole('link', { name: 'Show picture 2 of 2' })).toHaveAttribute(
        'href',
        `#${pictures[1]!.closest('li')!.id}`,
      );
    });

    it('with the size chosen, its own picture leads and its own datasheet is offered', async () => {
      renderInSite(<ProductSummary product={withSize} quoteFacts={null} variants={[variant]} chosen={variant} />);
      const strip = await screen.findByRole('list', { name: 'Product pictures: scroll sideways for the next' });
      expect(within(strip).getAllByRole('img')[0]).toHaveAccessibleName(`${DETAIL.productName}, Size 25`);
      expect(within(strip).getAllByRole('img')).toHaveLength(3);
      expect(await screen.findByRole('link', { name: 'Download the datasheet of Size 25 (PDF)' })).toHaveAttribute(
        'href',
        SIZE_SHEET,
      );
    });

    it('in Arabic: the Arabic alt texts and words', async () => {
      const arabic = [
        { ...PICTURE, alt: 'الجلبة، منظر أمامي' },
        { ...SIDE, alt: 'الجلبة، منظر جانبي' },
      ];
      renderInSite(<ProductSummary product={{ ...DETAIL_AR, gallery: arabic }} quoteFacts={null} />, { locale: 'ar' });
      const strip = await screen.findByRole('list', { name: 'صور المنتج: مرِّر أفقيًا لعرض الصورة التالية' });
      expect(within(strip).getByRole('img', { name: 'الجلبة، منظر جانبي' })).toHaveAttribute('loading', 'lazy');
      expect(screen.getByRole('link', { name: 'عرض الصورة 2 من 2' })).toBeInTheDocument();
    });
  });

  describe('in Arabic', () => {
    it('names the picture with the Arabic product name and the datasheet link in Arabic', () => {
      const summary = summaryOf({ ...DETAIL_AR, picture: PICTURE, datasheet: DATASHEET }, 'ar');
      const img = within(summary).getByRole('img', { name: DETAIL_AR.productName });
      expect(img).toHaveAttribute('src', `${MEDIA}-640.webp`);
      expect(img.parentElement!.querySelector('source[type="image/webp"]')).toHaveAttribute(
        'srcset',
        `${MEDIA}-320.webp 320w, ${MEDIA}-640.webp 640w, ${MEDIA}-1280.webp 1280w`,
      );
      expect(img.parentElement!.querySelector('source[type="image/avif"]')).toHaveAttribute(
        'srcset',
        `${MEDIA}-320.avif 320w, ${MEDIA}-640.avif 640w, ${MEDIA}-1280.avif 1280w`,
      );
      expect(within(summary).getByRole('link', { name: 'تنزيل النشرة الفنية (PDF)' })).toHaveAttribute(
        'href',
        DATASHEET,
      );
    });

    it('without them, shows the illustration and no such link', () => {
      const summary = summaryOf(DETAIL_AR, 'ar');
      expect(within(summary).getByRole('img', { name: DETAIL_AR.productName })).toHaveAttribute(
        'src',
        '/images/products/gland_brass.svg',
      );
      expect(within(summary).queryByRole('link', { name: 'تنزيل النشرة الفنية (PDF)' })).toBeNull();
      expect(summary.querySelector('picture')).toBeNull();
    });
  });

  describe('drawn on the server', () => {
    const tree = (product: ProductDetail, locale: Locale): ReactElement => (
      <SiteI18nProvider i18n={testI18n(locale)}>
        <Provider store={makeStore()}>
          <ThemeRoot>
            <MemoryRouter>
              <ProductSummary product={product} quoteFacts={null} />
            </MemoryRouter>
          </ThemeRoot>
        </Provider>
      </SiteI18nProvider>
    );

    it.each([
      ['en', { ...DETAIL, picture: PICTURE, datasheet: DATASHEET }],
      ['ar', { ...DETAIL_AR, picture: PICTURE, datasheet: DATASHEET }],
      ['en', DETAIL],
    ] as const)('(%s) hydrates in the browser without a difference', async (locale, product) => {
      const html = renderToString(tree(product, locale));
      if (product.picture) {
        // HTML attribute names are case-insensitive: React writes srcSet, the browser reads srcset.
        expect(html).toContain(`<source type="image/avif" srcSet="${MEDIA}-320.avif 320w`);
        expect(html).toContain(`src="${MEDIA}-640.webp"`);
        expect(html).toMatch(/<img [^>]*fetchpriority="high"/i);
        // No preload of the fallback: inside <picture> the browser, not the <img>, picks the file.
        expect(html).not.toContain('rel="preload"');
      }
      if (product.datasheet) expect(html).toContain(`href="${DATASHEET}"`);
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.appendChild(container);
      const drawn = container.innerHTML; // as the browser serialises the server's HTML
      const errors: unknown[] = [];
      const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
      try {
        const root = await act(async () =>
          hydrateRoot(container, tree(product, locale), { onRecoverableError: (error) => errors.push(error) }),
        );
        expect(errors).toEqual([]);
        // The server's nodes are kept as they are: nothing redrawn, nothing moves.
        expect(container.innerHTML).toBe(drawn);
        act(() => root.unmount());
      } finally {
        consoleError.mockRestore();
        container.remove();
      }
    });
  });
});
