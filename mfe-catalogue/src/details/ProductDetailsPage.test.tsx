// The product page (/our-products/…/…, /ar/our-products/…/…): first the cases run for each edition, with that
// edition's texts (in Arabic the Arabic data, every text of the catalogue in Arabic, the English PDFs said to be
// English, the reviews' form, checks and answers in Arabic); then the English behaviour cases.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CEILING_ROSE_TABLE_IMAGE } from '@site/content';
import { CATALOGUE_PRODUCT_API_PATTERN, catalogueProductApiPath, reviewsApiPath } from '@site/contracts/api';
import { selectQuoteLines } from '@site/shared-store';
import { DETAIL_AR, GLANDS_AR } from '../testing/arabicFixtures';
import { editionStore, englishLeft } from '../testing/arabicPage';
import { DETAIL, PRODUCTS } from '../testing/catalogueFixtures';
import { arabicCatalogueHandlers, catalogueHandlers, productApi } from '../testing/handlers';
import ProductDetailsPage from './ProductDetailsPage';
import { DetailTable } from './table/DetailTable';
import { DescriptionList } from './description/DescriptionList';
import { CatalogueBreadcrumb } from '../common/CatalogueBreadcrumb';

// The product's table and description, counted as they are drawn (and drawn as they are): the page must not draw them
// again when only its reviews change.
jest.mock('./table/DetailTable', () => {
  const actual = jest.requireActual<typeof import('./table/DetailTable')>('./table/DetailTable');
  return { ...actual, DetailTable: jest.fn(actual.DetailTable) };
});
jest.mock('./description/DescriptionList', () => {
  const actual = jest.requireActual<typeof import('./description/DescriptionList')>('./description/DescriptionList');
  return { ...actual, DescriptionList: jest.fn(actual.DescriptionList) };
});

// The page's trail, counted the same way: drawn by the page itself, it is drawn again whenever the page is.
jest.mock('../common/CatalogueBreadcrumb', () => {
  const actual = jest.requireActual<typeof import('../common/CatalogueBreadcrumb')>('../common/CatalogueBreadcrumb');
  return { ...actual, CatalogueBreadcrumb: jest.fn(actual.CatalogueBreadcrumb) };
});

const renderAt = (category: string, id: string) =>
  renderInSite(<ProductDetailsPage />, {
    route: `/our-products/${category}/${id}`,
    path: '/our-products/:productCategoryId/:productId',
  });

/** Technical values, codes and brand names of the fixture, which stay as they are on an Arabic page. */
const TECHNICAL = ['BS', 'CZ', 'Hex', 'Inch', 'mm', 'GLAND'];

/** What each edition's product page shows: the same page, its texts in the page's language. */
const EDITIONS = [
  {
    locale: 'en' as const,
    handlers: [] as typeof arabicCatalogueHandlers,
    detail: DETAIL,
    glands: 'Industrial Cable Glands',
    /** The product API's query for the edition. */
    lang: '',
    siteName: 'Crescent Electrical Trading',
    loading: 'Loading product details',
    /** The trail's category before the product is known: the spec's English name from the address's segment. */
    categoryPlaceholder: 'Industrial Cable Glands',
    heading: 'Product Details',
    home: 'Home',
    ourProducts: 'Our Products',
    summary: {
      label: 'Product summary',
      specification: 'Specification :',
      category: 'Category:',
      brands: 'Brands',
      description: 'Description :',
      application: 'Application',
      technicalSpecifications: 'Technical Specifications',
      thread: 'Thread',
      code: 'Code:',
      quantity: 'Quantity',
      add: 'Add to quote',
      added: /^Added 40 pieces to your quote basket\.$/,
    },
    tableCaption: (name: string) => `${name}: specifications`,
    downloads: {
      datasheet: 'Download Datasheet',
      typeTestReport: 'Type Test Report',
      catalogue: 'View Manufacturers Catalogue',
    },
    reviews: {
      heading: 'Reviews',
      loading: 'Loading reviews',
      customerReviews: 'Customer Reviews',
      list: 'Customer reviews',
      seed: ['Seed', 'Seeded'],
      fourStars: '4 out of 5 stars',
      empty: 'No Reviews Yet.',
      first: (name: string) => `Be the first to review “${name}”`,
    },
    form: {
      label: 'Write a Review',
      note: 'Your email address will not be published. Required fields are marked*',
      name: 'Name*',
      email: 'Email',
      comment: 'Write Your Review*',
      rating: 'Select Rating*',
      submit: 'Submit',
      ratings: [
        ['Select Rating', ''],
        ['One', '1'],
        ['Two', '2'],
        ['Three', '3'],
        ['Four', '4'],
        ['Five', '5'],
      ],
      sent: 'Thank you! Your review has been added.',
      invalidEmail: 'Please enter a valid email address',
      network: 'Your review could not be sent. Please check your connection and try again.',
    },
    review: { name: 'Aisha', great: 'Great', good: 'Good' },
    notFound: {
      title: 'Product not found',
      text: 'We could not find the product “no_such_gland” in our catalogue.',
      category: 'See all Industrial Cable Glands products',
      all: 'browse all our product categories',
    },
    withdrawn: {
      productName: 'Old Gland',
      categoryName: 'Industrial Cable Glands',
      title: 'Product no longer available',
      text: '“Old Gland” is no longer available: it was withdrawn from our catalogue.',
      category: 'See all Industrial Cable Glands products',
    },
  },
  {
    locale: 'ar' as const,
    handlers: arabicCatalogueHandlers,
    detail: DETAIL_AR,
    glands: GLANDS_AR,
    lang: '?lang=ar',
    siteName: 'الهلال للتجارة الكهربائية',
    loading: 'جارٍ تحميل تفاصيل المنتج',
    // no English words made from the address
    categoryPlaceholder: 'الفئة',
    heading: 'تفاصيل المنتج',
    home: 'الرئيسية',
    ourProducts: 'منتجاتنا',
    summary: {
      label: 'ملخص المنتج',
      specification: 'المواصفات:',
      category: 'الفئة:',
      brands: 'العلامات التجارية',
      description: 'الوصف:',
      application: 'الاستخدامات',
      technicalSpecifications: 'المواصفات الفنية',
      thread: 'السن',
      code: 'الرمز:',
      quantity: 'الكمية',
      add: 'أضف إلى طلب التسعير',
      added: /^تمت إضافة 40 قطعة إلى سلة طلب التسعير\.$/,
    },
    tableCaption: (name: string) => `${name}: المواصفات`,
    // the PDFs said to be in English
    downloads: {
      datasheet: 'تحميل ورقة البيانات الفنية (بالإنجليزية)',
      typeTestReport: 'تقرير الاختبار النمطي (بالإنجليزية)',
      catalogue: 'عرض كتالوج الشركة المصنّعة',
    },
    reviews: {
      heading: 'التقييمات',
      loading: 'جارٍ تحميل التقييمات',
      customerReviews: 'تقييمات العملاء',
      list: 'تقييمات العملاء',
      // The catalogue's own review, which the API sends in English, from the Arabic data file.
      seed: ['سالم', 'تقييم من الكتالوج'],
      fourStars: '4 من 5 نجوم',
      empty: 'لا توجد تقييمات بعد.',
      first: (name: string) => `كن أول من يقيّم «${name}»`,
    },
    form: {
      label: 'اكتب تقييمًا',
      note: 'لن يُنشر بريدك الإلكتروني. الحقول المطلوبة مُعلَّمة بعلامة *',
      name: 'الاسم*',
      email: 'البريد الإلكتروني',
      comment: 'اكتب تقييمك*',
      rating: 'اختر التقييم*',
      submit: 'إرسال',
      ratings: [
        ['اختر التقييم', ''],
        ['نجمة واحدة', '1'],
        ['نجمتان', '2'],
        ['ثلاث نجوم', '3'],
        ['أربع نجوم', '4'],
        ['خمس نجوم', '5'],
      ],
      sent: 'شكرًا لك! تمت إضافة تقييمك.',
      invalidEmail: 'يُرجى إدخال عنوان بريد إلكتروني صحيح',
      network: 'تعذّر إرسال تقييمك. يُرجى التحقق من اتصالك بالإنترنت والمحاولة مرة أخرى.',
    },
    review: { name: 'عائشة', great: 'ممتاز', good: 'جيد' },
    notFound: {
      // the id kept left to right
      title: 'المنتج غير موجود',
      text: 'لم نعثر على المنتج «\u2066no_such_gland\u2069» في كتالوجنا.',
      category: 'عرض جميع منتجات هذه الفئة',
      all: 'تصفّح جميع فئات منتجاتنا',
    },
    withdrawn: {
      productName: 'جلبة قديمة',
      categoryName: 'جلب الكابلات الصناعية',
      title: 'المنتج لم يعد متوفراً',
      text: 'لم يعد المنتج «جلبة قديمة» متوفراً، فقد سُحب من كتالوجنا.',
      category: 'عرض جميع منتجات جلب الكابلات الصناعية',
    },
  },
];

describe.each(EDITIONS)('ProductDetailsPage in each edition ($locale)', (edition) => {
  const { summary: labels, reviews, form: formTexts, review: typed } = edition;
  const renderEdition = (category: string, id: string) =>
    renderInSite(<ProductDetailsPage />, {
      route: `/our-products/${category}/${id}`,
      path: '/our-products/:productCategoryId/:productId',
      locale: edition.locale,
      store: editionStore(edition.locale),
    });

  beforeEach(() => {
    server.use(...catalogueHandlers, ...edition.handlers);
    window.scrollTo = jest.fn();
  });

  const loaded = async () => {
    await screen.findByRole('heading', { level: 2, name: edition.detail.productName });
    await screen.findByRole('heading', { level: 2, name: reviews.heading });
    await waitFor(() => expect(screen.queryByText(reviews.loading)).toBeNull());
    // the review form, in the page's later chunk
    await screen.findByRole('form', { name: formTexts.label });
  };

  it("asks the catalogue API for its product in the page's language and says every label of the page in it", async () => {
    renderEdition('industrial_cable_glands', 'gland_a');
    expect(screen.getByText(edition.loading)).toBeInTheDocument();
    // Before the product is known.
    const crumbs = () => within(screen.getByRole('navigation').querySelector<HTMLElement>('[data-trail="wide"]')!);
    expect(crumbs().getByRole('link', { name: edition.categoryPlaceholder })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands',
    );
    // no product name made from the address ('Gland A' from gland_a): none, until the product is known
    expect(crumbs().getByText('', { selector: '[aria-current="page"]' })).toBeEmptyDOMElement();
    await loaded();
    expect(requestsSent()).toContain(`GET ${catalogueProductApiPath('gland_a')}${edition.lang}`);
    expect(requestsSent().filter((request) => request.includes('/data/'))).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(edition.heading);
    expect(crumbs().getByRole('link', { name: edition.home })).toHaveAttribute('href', '/home');
    expect(crumbs().getByRole('link', { name: edition.ourProducts })).toHaveAttribute('href', '/our-products');
    expect(crumbs().getByRole('link', { name: edition.glands })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands',
    );
    expect(document.title).toBe(`${edition.detail.productName} | ${edition.siteName}`);

    const summary = within(screen.getByRole('region', { name: labels.label }));
    expect(summary.getByRole('img', { name: edition.detail.productName })).toBeInTheDocument();
    expect(summary.getByText(labels.specification)).toBeInTheDocument();
    expect(summary.getByText(labels.category)).toBeInTheDocument();
    expect(summary.getByRole('list', { name: labels.brands })).toBeInTheDocument();
    expect(summary.getByRole('heading', { level: 3, name: labels.description })).toBeInTheDocument();
    expect(summary.getByRole('button', { name: labels.application })).toHaveAttribute('aria-expanded', 'false');
    expect(
      within(summary.getByRole('region', { name: labels.technicalSpecifications })).getByRole('rowheader', {
        name: labels.thread,
      }),
    ).toBeVisible();
    expect(screen.getByRole('table', { name: edition.tableCaption(edition.detail.productName) })).toBeInTheDocument();

    if (edition.locale === 'ar') expect(englishLeft(TECHNICAL)).toEqual([]);
  });

  it("shows the code left-to-right and adds the product to the quote basket under its name in the page's language", async () => {
    const { store } = renderEdition('industrial_cable_glands', 'gland_a');
    await loaded();
    const summary = within(screen.getByRole('region', { name: labels.label }));
    expect(summary.getByText('GLAND-A')).toHaveAttribute('dir', 'ltr');
    expect(summary.getByText(labels.code)).toBeInTheDocument();
    fireEvent.change(summary.getByRole('textbox', { name: labels.quantity }), { target: { value: '40' } });
    fireEvent.click(summary.getByRole('button', { name: labels.add }));
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({
        productId: 'gland_a',
        code: 'GLAND-A',
        unit: 'piece',
        quantity: 40,
        names: { [edition.locale]: edition.detail.productName },
      }),
    ]);
    expect(summary.getByText(labels.added)).toBeInTheDocument();
  });

  it('links the downloads (on an Arabic page: said to be in English) and the manufacturer catalogue, each in a new tab', async () => {
    renderEdition('industrial_cable_glands', 'gland_a');
    await loaded();
    const datasheets = screen.getAllByRole('link', { name: edition.downloads.datasheet });
    expect(datasheets.map((link) => link.getAttribute('href'))).toEqual([
      '/uploads/gland-a.pdf',
      '/uploads/install.pdf',
    ]);
    expect(screen.getByRole('link', { name: edition.downloads.typeTestReport })).toHaveAttribute(
      'href',
      '/uploads/gland-a-tests.pdf',
    );
    const catalogue = screen.getByRole('link', { name: edition.downloads.catalogue });
    expect(catalogue).toHaveAttribute('href', 'https://example.com/catalogue');
    for (const link of [...datasheets, catalogue]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it("lists the reviews with one star per star, and the form in the page's language: labels, rating choices, star labels", async () => {
    renderEdition('industrial_cable_glands', 'gland_a');
    await loaded();
    expect(screen.getByRole('heading', { level: 2, name: reviews.heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: reviews.customerReviews })).toBeInTheDocument();
    const review = within(screen.getByRole('list', { name: reviews.list })).getByRole('listitem');
    for (const text of reviews.seed) expect(review).toHaveTextContent(text);
    expect(within(review).getByRole('img', { name: reviews.fourStars }).querySelectorAll('svg')).toHaveLength(4);
    const form = within(screen.getByRole('form', { name: formTexts.label }));
    expect(form.getByText(formTexts.note)).toBeInTheDocument();
    expect(form.queryByText(reviews.first(edition.detail.productName))).toBeNull();
    for (const label of [formTexts.name, formTexts.email, formTexts.comment])
      expect(form.getByLabelText(label)).toBeInTheDocument();
    expect(form.getByLabelText(formTexts.comment)).toHaveAttribute('rows', '4');
    const rating = form.getByLabelText(formTexts.rating);
    expect(rating).toHaveValue('');
    expect(
      within(rating)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('value')]),
    ).toEqual(formTexts.ratings);
    expect(form.getByRole('button', { name: formTexts.submit })).toBeInTheDocument();
  });

  it("says 'No reviews yet' and invites the first review", async () => {
    server.use(http.get(reviewsApiPath('gland_a'), () => HttpResponse.json({ reviews: [] })));
    renderEdition('industrial_cable_glands', 'gland_a');
    await loaded();
    expect(await screen.findByText(reviews.empty)).toBeInTheDocument();
    expect(screen.getByText(reviews.first(edition.detail.productName))).toBeInTheDocument();
  });

  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values))
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
  };
  const submit = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: formTexts.submit }));
    });
  };

  it('sends a review and thanks', async () => {
    server.use(
      http.post(reviewsApiPath('gland_a'), () =>
        HttpResponse.json({ ok: true, review: { customerName: typed.name, stars: 5, comment: typed.great } }),
      ),
    );
    renderEdition('industrial_cable_glands', 'gland_a');
    await loaded();
    fill({ [formTexts.name]: typed.name, [formTexts.comment]: typed.great, [formTexts.rating]: '5' });
    await submit();
    expect((await requestsSentWithBodies()).at(-1)?.body).toEqual({
      customerName: typed.name,
      emailId: '',
      comment: typed.great,
      stars: 5,
    });
    expect(screen.getByText(formTexts.sent)).toHaveAttribute('role', 'status');
    // the list follows the store in a deferred render
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: reviews.list }))
          .getAllByRole('listitem')
          .map((item) => item.querySelector('strong')?.textContent),
      ).toEqual([typed.name, reviews.seed[0]]),
    );
  });

  it.each([
    [
      429,
      'Too many reviews, please try again in a minute.',
      'لا يمكن قبول تقييم آخر منك في الوقت الحالي. يُرجى المحاولة مرة أخرى لاحقًا.',
    ],
    [400, 'comment is required', 'تعذّر قبول تقييمك. يُرجى مراجعة الحقول والمحاولة مرة أخرى.'],
    [
      503,
      'Your review could not be saved right now. Please try again in a few minutes.',
      'تعذّر حفظ تقييمك حاليًا. يُرجى المحاولة مرة أخرى بعد بضع دقائق.',
    ],
  ])(
    'words a refusal (HTTP %i): an English page with the server text, an Arabic one in Arabic; keeps the fields',
    async (status, english, arabic) => {
      server.use(http.post(reviewsApiPath('gland_a'), () => HttpResponse.json({ error: english }, { status })));
      renderEdition('industrial_cable_glands', 'gland_a');
      await loaded();
      fill({ [formTexts.name]: typed.name, [formTexts.comment]: typed.good, [formTexts.rating]: '4' });
      await submit();
      // an English page shows the server's own words, an Arabic page never its English
      if (edition.locale === 'ar') {
        expect(screen.getByRole('alert')).toHaveTextContent(arabic);
        expect(screen.queryByText(english)).toBeNull();
      } else {
        expect(screen.getByText(english)).toHaveAttribute('role', 'alert');
      }
      expect(screen.getByLabelText(formTexts.name)).toHaveValue(typed.name);
      expect(within(screen.getByRole('list', { name: reviews.list })).getAllByRole('listitem')).toHaveLength(1);
    },
  );

  it('says when the review cannot reach the server', async () => {
    server.use(http.post(reviewsApiPath('gland_a'), () => HttpResponse.error()));
    renderEdition('industrial_cable_glands', 'gland_a');
    await loaded();
    fill({ [formTexts.name]: typed.name, [formTexts.comment]: typed.good, [formTexts.rating]: '4' });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(formTexts.network);
  });

  it("checks the e-mail; an Arabic page gives the browser's checks of required fields its Arabic messages", async () => {
    renderEdition('industrial_cable_glands', 'gland_a');
    await loaded();
    if (edition.locale === 'ar') {
      // English pages keep the browser's own messages
      const name = screen.getByLabelText<HTMLInputElement>(formTexts.name);
      fireEvent.invalid(name);
      expect(name.validationMessage).toBe('يُرجى ملء هذا الحقل.');
      fireEvent.change(name, { target: { value: typed.name } });
      expect(name.validationMessage).toBe('');
      const rating = screen.getByLabelText<HTMLSelectElement>(formTexts.rating);
      fireEvent.invalid(rating);
      expect(rating.validationMessage).toBe('يُرجى اختيار التقييم.');
    }

    fill({ [formTexts.email]: 'aisha@example', [formTexts.comment]: typed.good, [formTexts.rating]: '4' });
    fireEvent.submit(screen.getByRole('form', { name: formTexts.label }));
    expect(screen.getByRole('alert')).toHaveTextContent(formTexts.invalidEmail);
  });

  it('says that a product is not found, its id kept apart, with links that stay in the edition', async () => {
    server.use(
      http.get(reviewsApiPath('no_such_gland'), () =>
        HttpResponse.json({ error: 'There is no product' }, { status: 404 }),
      ),
    );
    renderEdition('industrial_cable_glands', 'no_such_gland');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2 })).toHaveTextContent(edition.notFound.title);
    expect(alert).toHaveTextContent(edition.notFound.text);
    expect(within(alert).getByRole('link', { name: edition.notFound.category })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands',
    );
    expect(within(alert).getByRole('link', { name: edition.notFound.all })).toHaveAttribute('href', '/our-products');
    expect(document.title).toBe(`${edition.notFound.title} | ${edition.siteName}`);
    if (edition.locale === 'ar') expect(englishLeft(['no', 'such', 'gland'])).toEqual([]);
  });

  it("says that a withdrawn product (the API's 410) is no longer available, under its name, with its own category's link", async () => {
    const { productName, categoryName } = edition.withdrawn;
    server.use(
      http.get(catalogueProductApiPath('old_gland'), () =>
        HttpResponse.json(
          {
            error: 'withdrawn',
            withdrawn: { id: 'old_gland', productName, categoryId: 'industrial_cable_glands', categoryName },
          },
          { status: 410 },
        ),
      ),
      http.get(reviewsApiPath('old_gland'), () => HttpResponse.json({ reviews: [] })),
    );
    // an old link under another category: the link leads to the product's own
    renderEdition('cables', 'old_gland');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2 })).toHaveTextContent(edition.withdrawn.title);
    expect(alert).toHaveTextContent(edition.withdrawn.text);
    expect(alert).not.toHaveTextContent('old_gland');
    expect(within(alert).getByRole('link', { name: edition.withdrawn.category })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands',
    );
    expect(within(alert).getByRole('link', { name: edition.notFound.all })).toBeInTheDocument();
    expect(document.title).toBe(`${edition.withdrawn.title} | ${edition.siteName}`);
  });

  it('says that the product or its reviews could not be loaded (an Arabic page in Arabic, an English one with the reason)', async () => {
    server.use(
      http.get(CATALOGUE_PRODUCT_API_PATTERN, () => HttpResponse.error()),
      http.get(reviewsApiPath('gland_a'), () =>
        HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 }),
      ),
    );
    renderEdition('industrial_cable_glands', 'gland_a');
    const english = edition.locale === 'en';
    expect(await screen.findByRole('alert')).toHaveTextContent(english ? 'Failed to fetch' : 'تعذّر تحميل المنتج.');
    if (!english) expect(screen.getByRole('alert')).not.toHaveTextContent('Failed to fetch');

    server.use(productApi());
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button'));
    await screen.findByRole('heading', { level: 2, name: reviews.heading });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      english ? 'Reviews could not be loaded right now.' : 'تعذّر تحميل التقييمات.',
    );
  });
});

describe('ProductDetailsPage', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers);
    window.scrollTo = jest.fn();
    delete (window as { hacked?: boolean }).hacked;
  });

  /** The product is shown and its reviews have settled (loaded or failed). */
  const loaded = async () => {
    await screen.findByRole('heading', { level: 2, name: DETAIL.productName });
    // The sections below the summary render in a deferred pass, then the reviews arrive.
    await screen.findByRole('heading', { level: 2, name: 'Reviews' });
    await waitFor(() => expect(screen.queryByText('Loading reviews')).toBeNull());
    // the review form, in the page's later chunk
    await screen.findByRole('form', { name: 'Write a Review' });
  };

  it('shows the loader, then every section in the spec order, with breadcrumb and title', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    expect(screen.getByText('Loading product details')).toBeInTheDocument();
    await loaded();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Product Details');
    // The wide screen's trail (CSS shows it above 640 px; jsdom keeps both in the page).
    const crumbs = within(
      screen.getByRole('navigation', { name: 'Breadcrumb' }).querySelector<HTMLElement>('[data-trail="wide"]')!,
    );
    expect(crumbs.getByRole('link', { name: 'Industrial Cable Glands' })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands',
    );
    expect(crumbs.getByText(DETAIL.productName)).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Gland A <Brass> | Crescent Electrical Trading');

    const main = document.body.textContent ?? '';
    const order = ['Compliance', 'Description :', 'Selecting a gland', 'Gland Size', 'Installation', 'Reviews'].map(
      (text) => main.indexOf(text),
    );
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('draws the summary and the table once: its reviews loading and arriving redraw the reviews only', async () => {
    let answerReviews = () => {};
    const reviewsHeld = new Promise<void>((resolve) => (answerReviews = resolve));
    server.use(
      http.get(reviewsApiPath('gland_a'), async () => (await reviewsHeld, HttpResponse.json({ reviews: [] }))),
    );
    jest.mocked(DetailTable).mockClear();
    jest.mocked(DescriptionList).mockClear();
    renderAt('industrial_cable_glands', 'gland_a');
    await screen.findByRole('table', { name: 'Gland A <Brass>: specifications' });
    expect(screen.getByText('Loading reviews')).toBeInTheDocument();
    const tableDrawn = jest.mocked(DetailTable).mock.calls.length;
    const descriptionDrawn = jest.mocked(DescriptionList).mock.calls.length;
    expect(tableDrawn).toBeGreaterThan(0);

    answerReviews();
    expect(await screen.findByText('No Reviews Yet.')).toBeInTheDocument();
    expect(jest.mocked(DetailTable).mock.calls.length).toBe(tableDrawn);
    expect(jest.mocked(DescriptionList).mock.calls.length).toBe(descriptionDrawn);
  });

  it('is not drawn again as its reviews arrive or fail: the reviews section alone is, retry included', async () => {
    let answerReviews = () => {};
    const reviewsHeld = new Promise<void>((resolve) => (answerReviews = resolve));
    server.use(
      http.get(
        reviewsApiPath('gland_a'),
        async () => (await reviewsHeld, HttpResponse.json({ error: 'Database unavailable' }, { status: 503 })),
      ),
    );
    jest.mocked(CatalogueBreadcrumb).mockClear();
    renderAt('industrial_cable_glands', 'gland_a');
    await screen.findByRole('table', { name: 'Gland A <Brass>: specifications' });
    expect(screen.getByText('Loading reviews')).toBeInTheDocument();
    const pageDrawn = jest.mocked(CatalogueBreadcrumb).mock.calls.length;

    answerReviews();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    server.use(
      http.get(reviewsApiPath('gland_a'), () =>
        HttpResponse.json({ reviews: [{ customerName: 'Huda', stars: 5, comment: 'Sealed well.' }] }),
      ),
    );
    fireEvent.click(retry);
    expect(await screen.findByText('Sealed well.')).toBeInTheDocument();
    expect(jest.mocked(CatalogueBreadcrumb).mock.calls.length).toBe(pageDrawn);
  });

  it('loads its own product only (no catalogue file), shows its code and adds it to the quote basket', async () => {
    const { store } = renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    expect(requestsSent()).toContain(`GET ${catalogueProductApiPath('gland_a')}`);
    expect(requestsSent().filter((request) => request.includes('/data/'))).toEqual([]);
    const summary = within(screen.getByRole('region', { name: 'Product summary' }));
    expect(summary.getByText('Code:').parentElement).toHaveTextContent('Code: GLAND-A');
    expect(summary.getByText('GLAND-A').tagName).toBe('BDI');
    const field = summary.getByRole('textbox', { name: 'Quantity' });
    expect(field).toHaveValue('1');
    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.click(summary.getByRole('button', { name: 'Add to quote' }));
    fireEvent.click(summary.getByRole('button', { name: 'Add to quote' }));
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({
        productId: 'gland_a',
        code: 'GLAND-A',
        productCategoryId: 'industrial_cable_glands',
        unit: 'piece',
        quantity: 6,
        names: { en: DETAIL.productName },
      }),
    ]);
    expect(summary.getByText(/^Added 3 pieces to your quote basket\.$/)).toBeInTheDocument();
    expect(summary.getByRole('link', { name: 'View quote basket' })).toHaveAttribute('href', '/request-quote');
  });

  it('shows the summary: picture, specification blocks, category, brand logos, detail HTML and the description conventions', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const summary = within(screen.getByRole('region', { name: 'Product summary' }));
    expect(summary.getByRole('img', { name: DETAIL.productName })).toHaveAttribute(
      'src',
      '/images/products/gland_brass.svg',
    );
    expect(summary.getByRole('heading', { name: 'Compliance' })).toBeInTheDocument();
    expect(summary.getByText('BS 6121-1')).toBeInTheDocument();
    expect(summary.getByText('Specification :')).toBeInTheDocument();
    expect(summary.getByRole('link', { name: 'Industrial Cable Glands' })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands',
    );
    expect(summary.getByRole('img', { name: 'Hex' })).toHaveAttribute('src', '/images/brands/hex.svg');
    expect(summary.getByText('gland', { selector: 'strong' })).toBeInTheDocument();
    expect(summary.getByText('Material', { selector: 'strong' }).parentElement).toHaveTextContent(
      'Material : Brass CZ121',
    );
    expect(summary.getByRole('heading', { level: 4, name: 'Accessories' })).toBeInTheDocument();
    expect(summary.getByText('PVC shroud').tagName).toBe('LI');
    expect(summary.getByText('table', { selector: 'em' })).toBeInTheDocument();
    expect(summary.getByRole('img', { name: 'Ceiling rose terminals' })).toHaveAttribute(
      'src',
      CEILING_ROSE_TABLE_IMAGE,
    );
    expect(summary.queryByText(/\*Application|\^|%ceiling/)).toBeNull();
  });

  it('sanitises the HTML of the data: no script runs, no event handler survives', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('collapses the expandable sections with a toggle; Technical Specifications is always open', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const toggle = screen.getByRole('button', { name: 'Application' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Switchgear and motors.')).not.toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Switchgear and motors.')).toBeVisible();
    fireEvent.click(toggle);
    expect(screen.getByText('Switchgear and motors.')).not.toBeVisible();

    const specs = within(screen.getByRole('region', { name: 'Technical Specifications' }));
    expect(specs.queryByRole('button')).toBeNull();
    expect(specs.getByRole('rowheader', { name: 'Thread' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Construction' })).toBeNull();
  });

  it('renders the detail table: grouped, centred header cells with spans and widths, nested values flattened', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const table = screen.getByRole('table', { name: 'Gland A <Brass>: specifications' });
    const size = within(table).getByRole('columnheader', { name: 'Gland Size' });
    expect(size).toHaveAttribute('rowspan', '2');
    expect(size).toHaveStyle({ width: '8%' });
    expect(within(table).getByRole('columnheader', { name: 'Thread Size' })).toHaveAttribute('colspan', '2');
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('20SM203/4"');
  });

  it('shows a clear not-found state for an unknown product id, never an endless loader', async () => {
    server.use(
      http.get(reviewsApiPath('no_such_gland'), () =>
        HttpResponse.json({ error: 'There is no product' }, { status: 404 }),
      ),
    );
    renderAt('industrial_cable_glands', 'no_such_gland');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Product not found');
    expect(alert).toHaveTextContent('We could not find the product “no_such_gland” in our catalogue.');
    expect(within(alert).getByRole('link', { name: 'See all Industrial Cable Glands products' })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands',
    );
    expect(screen.queryByTestId('spinner')).toBeNull();
    expect(document.title).toBe('Product not found | Crescent Electrical Trading');
  });

  it('shows a clear error with a retry when the details cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(CATALOGUE_PRODUCT_API_PATTERN, () =>
        fail ? HttpResponse.error() : HttpResponse.json({ product: DETAIL, listing: PRODUCTS[0] }),
      ),
    );
    renderAt('industrial_cable_glands', 'gland_a');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loaded();
  });

  describe('reviews', () => {
    const fill = (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values))
        fireEvent.change(screen.getByLabelText(label), { target: { value } });
    };

    it('sends a review, puts it first and clears the form', async () => {
      server.use(
        http.post(reviewsApiPath('gland_a'), () =>
          HttpResponse.json({ ok: true, review: { customerName: 'Aisha', stars: 5, comment: '<b>Great</b>' } }),
        ),
      );
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      await screen.findByText('Seeded');
      fill({
        'Name*': 'Aisha',
        Email: 'aisha@example.com',
        'Write Your Review*': '<b>Great</b>',
        'Select Rating*': '5',
      });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      });
      expect((await requestsSentWithBodies()).at(-1)).toEqual({
        request: `POST ${reviewsApiPath('gland_a')}`,
        body: { customerName: 'Aisha', emailId: 'aisha@example.com', comment: '<b>Great</b>', stars: 5 },
      });
      // the list follows the store in a deferred render
      const listed = () => within(screen.getByRole('list', { name: 'Customer reviews' })).getAllByRole('listitem');
      await waitFor(() =>
        expect(listed().map((item) => item.querySelector('strong')?.textContent)).toEqual(['Aisha', 'Seed']),
      );
      const items = listed();
      expect(items[0]).toHaveTextContent('<b>Great</b>');
      expect(screen.getByText('Thank you! Your review has been added.')).toHaveAttribute('role', 'status');
      for (const label of ['Name*', 'Email', 'Write Your Review*', 'Select Rating*'])
        expect(screen.getByLabelText(label)).toHaveValue('');
    });

    it('says a held review will appear once checked, and does not list it yet', async () => {
      server.use(
        http.post(reviewsApiPath('gland_a'), () =>
          HttpResponse.json({ ok: true, review: { customerName: 'Aisha', stars: 5, comment: 'Great' }, held: true }),
        ),
      );
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      await screen.findByText('Seeded');
      fill({ 'Name*': 'Aisha', 'Write Your Review*': 'Great', 'Select Rating*': '5' });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      });
      expect(screen.getByText('Thank you! Your review will appear once it has been checked.')).toHaveAttribute(
        'role',
        'status',
      );
      const items = within(screen.getByRole('list', { name: 'Customer reviews' })).getAllByRole('listitem');
      expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Seed']);
      expect(screen.getByLabelText('Name*')).toHaveValue('');
    });

    it('keeps a name of 70 vocalised Arabic letters whole (characters as the server counts them) and cuts at 100 of them', async () => {
      const letters = (count: number) =>
        Array.from({ length: count }, (_, i) => `${'بتثجحخدذرزسشصضطظعغفقكلمنهوي'[i % 27]}\u0651\u064E`).join('');
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      const name = screen.getByLabelText('Name*');
      expect(name).not.toHaveAttribute('maxlength'); // UTF-16 units: 210 for these 70 letters
      fill({ 'Name*': letters(70) });
      expect(name).toHaveValue(letters(70));
      fill({ 'Name*': letters(101) });
      expect(name).toHaveValue(letters(100));
    });

    it('checks the e-mail with the shared rule before sending', async () => {
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      fill({ 'Name*': 'Aisha', Email: 'aisha@example', 'Write Your Review*': 'Good', 'Select Rating*': '4' });
      fireEvent.submit(screen.getByRole('form', { name: 'Write a Review' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
      expect(requestsSent().filter((request) => request.startsWith('POST'))).toEqual([]);
    });

    it('shows a retry when the reviews cannot be loaded, the rest of the page still works', async () => {
      server.use(
        http.get(reviewsApiPath('gland_a'), () =>
          HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 }),
        ),
      );
      renderAt('industrial_cable_glands', 'gland_a');
      await loaded();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Reviews could not be loaded right now.');
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: /specifications/ })).toBeInTheDocument();
    });
  });
});
