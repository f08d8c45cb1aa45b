// A product page in Arabic (/ar/our-products/…/…): the Arabic data file, every text of the catalogue in Arabic, the
// English PDFs said to be English, the reviews' form, checks and answers in Arabic.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CATALOGUE_PRODUCT_API_PATTERN, catalogueProductApiPath, reviewsApiPath } from '@site/contracts/api';
import { selectQuoteLines } from '@site/shared-store';
import { DETAIL_AR, GLANDS_AR } from '../testing/arabicFixtures';
import { arabicStore, englishLeft } from '../testing/arabicPage';
import { arabicCatalogueHandlers, catalogueHandlers, productApi } from '../testing/handlers';
import ProductDetailsPage from './ProductDetailsPage';

const renderAt = (category: string, id: string) =>
  renderInSite(<ProductDetailsPage />, {
    route: `/our-products/${category}/${id}`,
    path: '/our-products/:productCategoryId/:productId',
    locale: 'ar',
    store: arabicStore(),
  });

/** Technical values, codes and brand names of the fixture, which stay as they are on an Arabic page. */
const TECHNICAL = ['BS', 'CZ', 'Hex', 'Inch', 'mm', 'GLAND'];

describe('ProductDetailsPage in Arabic', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers, ...arabicCatalogueHandlers);
    window.scrollTo = jest.fn();
  });

  const loaded = async () => {
    await screen.findByRole('heading', { level: 2, name: DETAIL_AR.productName });
    await screen.findByRole('heading', { level: 2, name: 'التقييمات' });
    await waitFor(() => expect(screen.queryByText('جارٍ تحميل التقييمات')).toBeNull());
  };

  it('asks the catalogue API for its product in Arabic and says every label of the page in Arabic', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    expect(screen.getByText('جارٍ تحميل تفاصيل المنتج')).toBeInTheDocument();
    // Before the product is known: no English words made from the address.
    const crumbs = () => within(screen.getByRole('navigation').querySelector<HTMLElement>('[data-trail="wide"]')!);
    expect(crumbs().getByRole('link', { name: 'الفئة' })).toHaveAttribute('href', '/our-products/industrial_cable_glands');
    expect(crumbs().getByText('المنتج')).toHaveAttribute('aria-current', 'page');
    await loaded();
    expect(requestsSent()).toContain(`GET ${catalogueProductApiPath('gland_a')}?lang=ar`);
    expect(requestsSent().filter((request) => request.includes('/data/'))).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('تفاصيل المنتج');
    expect(crumbs().getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('href', '/home');
    expect(crumbs().getByRole('link', { name: 'منتجاتنا' })).toHaveAttribute('href', '/our-products');
    expect(crumbs().getByRole('link', { name: GLANDS_AR })).toHaveAttribute('href', '/our-products/industrial_cable_glands');
    expect(document.title).toBe(`${DETAIL_AR.productName} | الهلال للتجارة الكهربائية`);

    const summary = within(screen.getByRole('region', { name: 'ملخص المنتج' }));
    expect(summary.getByRole('img', { name: DETAIL_AR.productName })).toBeInTheDocument();
    expect(summary.getByText('المواصفات:')).toBeInTheDocument();
    expect(summary.getByText('الفئة:')).toBeInTheDocument();
    expect(summary.getByRole('list', { name: 'العلامات التجارية' })).toBeInTheDocument();
    expect(summary.getByRole('heading', { level: 3, name: 'الوصف:' })).toBeInTheDocument();
    expect(summary.getByRole('button', { name: 'الاستخدامات' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(summary.getByRole('region', { name: 'المواصفات الفنية' })).getByRole('rowheader', { name: 'السن' })).toBeVisible();
    expect(screen.getByRole('table', { name: `${DETAIL_AR.productName}: المواصفات` })).toBeInTheDocument();

    expect(englishLeft(TECHNICAL)).toEqual([]);
  });

  it('shows the code left-to-right and adds the product to the quote basket under its Arabic name', async () => {
    const { store } = renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const summary = within(screen.getByRole('region', { name: 'ملخص المنتج' }));
    expect(summary.getByText('GLAND-A')).toHaveAttribute('dir', 'ltr');
    expect(summary.getByText('الرمز:')).toBeInTheDocument();
    fireEvent.change(summary.getByRole('textbox', { name: 'الكمية' }), { target: { value: '40' } });
    fireEvent.click(summary.getByRole('button', { name: 'أضف إلى طلب التسعير' }));
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({ productId: 'gland_a', code: 'GLAND-A', unit: 'piece', quantity: 40, names: { ar: DETAIL_AR.productName } }),
    ]);
    expect(summary.getByText(/^تمت إضافة 40 قطعة إلى سلة طلب التسعير\.$/)).toBeInTheDocument();
  });

  it('says on each download that the PDF is in English', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const datasheets = screen.getAllByRole('link', { name: 'تحميل ورقة البيانات الفنية (بالإنجليزية)' });
    expect(datasheets.map((link) => link.getAttribute('href'))).toEqual(['/uploads/gland-a.pdf', '/uploads/install.pdf']);
    expect(screen.getByRole('link', { name: 'تقرير الاختبار النمطي (بالإنجليزية)' })).toHaveAttribute('href', '/uploads/gland-a-tests.pdf');
    expect(screen.getByRole('link', { name: 'عرض كتالوج الشركة المصنّعة' })).toHaveAttribute('href', 'https://example.com/catalogue');
  });

  it('shows the reviews and the form in Arabic: labels, rating choices, star labels', async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    expect(screen.getByRole('heading', { name: 'تقييمات العملاء' })).toBeInTheDocument();
    // The catalogue's own review, which the API sends in English, from the Arabic data file.
    const review = within(screen.getByRole('list', { name: 'تقييمات العملاء' })).getByRole('listitem');
    expect(review).toHaveTextContent('سالم');
    expect(review).toHaveTextContent('تقييم من الكتالوج');
    expect(within(review).getByRole('img', { name: '4 من 5 نجوم' })).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'اكتب تقييمًا' }));
    expect(form.getByText('لن يُنشر بريدك الإلكتروني. الحقول المطلوبة مُعلَّمة بعلامة *')).toBeInTheDocument();
    for (const label of ['الاسم*', 'البريد الإلكتروني', 'اكتب تقييمك*']) expect(form.getByLabelText(label)).toBeInTheDocument();
    expect(within(form.getByLabelText('اختر التقييم*')).getAllByRole('option').map((o) => [o.textContent, o.getAttribute('value')])).toEqual([
      ['اختر التقييم', ''],
      ['نجمة واحدة', '1'],
      ['نجمتان', '2'],
      ['ثلاث نجوم', '3'],
      ['أربع نجوم', '4'],
      ['خمس نجوم', '5'],
    ]);
    expect(form.getByRole('button', { name: 'إرسال' })).toBeInTheDocument();
  });

  it("says 'No reviews yet' and invites the first review in Arabic", async () => {
    server.use(http.get(reviewsApiPath('gland_a'), () => HttpResponse.json({ reviews: [] })));
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    expect(await screen.findByText('لا توجد تقييمات بعد.')).toBeInTheDocument();
    expect(screen.getByText(`كن أول من يقيّم «${DETAIL_AR.productName}»`)).toBeInTheDocument();
  });

  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  };
  const submit = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'إرسال' }));
    });
  };

  it('sends a review and thanks in Arabic', async () => {
    server.use(http.post(reviewsApiPath('gland_a'), () => HttpResponse.json({ ok: true, review: { customerName: 'عائشة', stars: 5, comment: 'ممتاز' } })));
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    fill({ 'الاسم*': 'عائشة', 'اكتب تقييمك*': 'ممتاز', 'اختر التقييم*': '5' });
    await submit();
    expect((await requestsSentWithBodies()).at(-1)?.body).toEqual({ customerName: 'عائشة', emailId: '', comment: 'ممتاز', stars: 5 });
    expect(screen.getByText('شكرًا لك! تمت إضافة تقييمك.')).toHaveAttribute('role', 'status');
    const items = within(screen.getByRole('list', { name: 'تقييمات العملاء' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['عائشة', 'سالم']);
  });

  it.each([
    [429, 'Too many reviews, please try again in a minute.', 'لا يمكن قبول تقييم آخر منك في الوقت الحالي. يُرجى المحاولة مرة أخرى لاحقًا.'],
    [400, 'comment is required', 'تعذّر قبول تقييمك. يُرجى مراجعة الحقول والمحاولة مرة أخرى.'],
    [503, 'Your review could not be saved right now. Please try again in a few minutes.', 'تعذّر حفظ تقييمك حاليًا. يُرجى المحاولة مرة أخرى بعد بضع دقائق.'],
  ])('words a refusal (HTTP %i) in Arabic, not with the server English text, and keeps the fields', async (status, english, arabic) => {
    server.use(http.post(reviewsApiPath('gland_a'), () => HttpResponse.json({ error: english }, { status })));
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    fill({ 'الاسم*': 'عائشة', 'اكتب تقييمك*': 'جيد', 'اختر التقييم*': '4' });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(arabic);
    expect(screen.queryByText(english)).toBeNull();
    expect(screen.getByLabelText('الاسم*')).toHaveValue('عائشة');
  });

  it('says in Arabic when the review cannot reach the server', async () => {
    server.use(http.post(reviewsApiPath('gland_a'), () => HttpResponse.error()));
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    fill({ 'الاسم*': 'عائشة', 'اكتب تقييمك*': 'جيد', 'اختر التقييم*': '4' });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('تعذّر إرسال تقييمك. يُرجى التحقق من اتصالك بالإنترنت والمحاولة مرة أخرى.');
  });

  it("checks the e-mail, and gives the browser's checks of required fields their Arabic messages", async () => {
    renderAt('industrial_cable_glands', 'gland_a');
    await loaded();
    const name = screen.getByLabelText<HTMLInputElement>('الاسم*');
    fireEvent.invalid(name);
    expect(name.validationMessage).toBe('يُرجى ملء هذا الحقل.');
    fireEvent.change(name, { target: { value: 'عائشة' } });
    expect(name.validationMessage).toBe('');
    const rating = screen.getByLabelText<HTMLSelectElement>('اختر التقييم*');
    fireEvent.invalid(rating);
    expect(rating.validationMessage).toBe('يُرجى اختيار التقييم.');

    fill({ 'البريد الإلكتروني': 'aisha@example', 'اكتب تقييمك*': 'جيد', 'اختر التقييم*': '4' });
    fireEvent.submit(screen.getByRole('form', { name: 'اكتب تقييمًا' }));
    expect(screen.getByRole('alert')).toHaveTextContent('يُرجى إدخال عنوان بريد إلكتروني صحيح');
  });

  it('says in Arabic that a product is not found, its id kept left-to-right, with links that stay in the edition', async () => {
    server.use(http.get(reviewsApiPath('no_such_gland'), () => HttpResponse.json({ error: 'There is no product' }, { status: 404 })));
    renderAt('industrial_cable_glands', 'no_such_gland');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2 })).toHaveTextContent('المنتج غير موجود');
    expect(alert).toHaveTextContent('لم نعثر على المنتج «\u2066no_such_gland\u2069» في كتالوجنا.');
    expect(within(alert).getByRole('link', { name: 'عرض جميع منتجات هذه الفئة' })).toHaveAttribute('href', '/our-products/industrial_cable_glands');
    expect(within(alert).getByRole('link', { name: 'تصفّح جميع فئات منتجاتنا' })).toHaveAttribute('href', '/our-products');
    expect(document.title).toBe('المنتج غير موجود | الهلال للتجارة الكهربائية');
    expect(englishLeft(['no', 'such', 'gland'])).toEqual([]);
  });

  it('says in Arabic that the product or its reviews could not be loaded', async () => {
    server.use(
      http.get(CATALOGUE_PRODUCT_API_PATTERN, () => HttpResponse.error()),
      http.get(reviewsApiPath('gland_a'), () => HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 })),
    );
    renderAt('industrial_cable_glands', 'gland_a');
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل المنتج.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Failed to fetch');

    server.use(productApi());
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button'));
    await screen.findByRole('heading', { level: 2, name: 'التقييمات' });
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل التقييمات.');
  });
});
