import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { http, HttpResponse } from 'msw';
import { localizedFetch, makeStore } from '@site/shared-store';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { ARABIC_BRANCHES_PATH, contactHandlers } from '../testing/handlers';
import ContactPage, { loadFirstView, REGION_SWITCH_MS } from './ContactPage';

const renderPage = () =>
  renderInSite(
    <Provider store={makeStore()}>
      <ContactPage />
    </Provider>,
    { route: '/contact-us' },
  );

describe('ContactPage regions', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows Dubai first, with its fax', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Dubai' })).toBeInTheDocument();
    expect(screen.getByText('Fax')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dubai' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a spinner for 500 ms when switching, then the chosen branch without a fax when it has none', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Bahrain (Warehouse)' }));
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(REGION_SWITCH_MS - 1));
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('spinner')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Bahrain (Warehouse)' })).toBeInTheDocument();
    expect(screen.queryByText('Fax')).toBeNull();
  });

  it("shows the 'Send us a message' form below the branch", () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Send us a message' })).toBeInTheDocument();
  });

  it('draws the branches bundled with the code: it fetches nothing', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Choose a region' })).toBeInTheDocument();
    expect(screen.getByText('+971 4 347 1100').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(requestsSent()).toEqual([]);
  });
});

describe('ContactPage on an Arabic page', () => {
  /** The page's store as on /ar/…: its fetch reads /data/ar/<file>.json. */
  const arabicStore = () => makeStore(undefined, { fetch: localizedFetch('ar', (input, init) => fetch(input, init)) });
  const spinner = () => screen.getByTestId('spinner').closest('[role="status"]');
  const renderArabic = (store = arabicStore()) =>
    renderInSite(<ContactPage />, { route: '/contact-us', locale: 'ar', store });

  beforeEach(() => server.use(...contactHandlers));

  it('loads the Arabic branches, then shows the regions, the branch and the form in Arabic', async () => {
    renderArabic();
    expect(screen.getByRole('heading', { level: 1, name: 'اتصل بنا' })).toBeInTheDocument();
    expect(spinner()).toHaveTextContent('جارٍ تحميل بيانات الفروع');
    expect(await screen.findByRole('heading', { level: 2, name: 'دبي' })).toBeInTheDocument();
    expect(requestsSent()).toEqual([`GET ${ARABIC_BRANCHES_PATH}`]);

    const regions = screen.getByRole('group', { name: 'اختر المنطقة' });
    expect(
      within(regions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['دبي', 'عُمان (مكتب مسقط)', 'البحرين (المستودع)', 'السعودية (عبر شركة شقيقة)']);
    const details = screen.getByRole('region', { name: 'دبي' });
    for (const term of ['العنوان', 'الهاتف', 'الفاكس', 'البريد الإلكتروني'])
      expect(within(details).getByText(term)).toBeInTheDocument();
    expect(
      within(details).getByText('مستودع رقم 7، شارع 19، منطقة القوز الصناعية 3، دبي، الإمارات العربية المتحدة'),
    ).toBeInTheDocument();
    // phone, fax and e-mail read left to right inside the Arabic page, with Western digits
    for (const ltr of ['+971 4 347 1100', '+971 4 347 1199', 'dubai@crescent-electrical.example']) {
      expect(within(details).getByText(ltr).closest('bdi')).toHaveAttribute('dir', 'ltr');
    }
    expect(within(details).getByRole('link', { name: '+971 4 347 1100' })).toHaveAttribute('href', 'tel:+97143471100');
    expect(details.querySelector('iframe')).toHaveAttribute('title', 'خريطة مكتب ومستودع دبي');
    expect(screen.getByRole('heading', { level: 2, name: 'أرسل لنا رسالة' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: /./ })).toHaveTextContent('الرئيسية');
    expect(document.body.textContent).not.toMatch(/Contact Us|Choose a region|Address|Phone|Fax|E-mail|Dubai/);
  });

  it('switching region shows the Arabic spinner, then the branch without a fax when it has none', async () => {
    renderArabic();
    await screen.findByRole('heading', { level: 2, name: 'دبي' });
    jest.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'البحرين (المستودع)' }));
      expect(spinner()).toHaveTextContent('جارٍ تحميل بيانات البحرين (المستودع)');
      act(() => jest.advanceTimersByTime(REGION_SWITCH_MS));
    } finally {
      jest.useRealTimers();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'البحرين (المستودع)' })).toBeInTheDocument();
    expect(screen.queryByText('الفاكس')).toBeNull();
  });

  it('a failed load says so in Arabic and tries again', async () => {
    server.use(
      http.get(ARABIC_BRANCHES_PATH, () => HttpResponse.json({ error: 'down' }, { status: 503 }), { once: true }),
    );
    renderArabic();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل بيانات الفروع في الوقت الحالي.');
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('heading', { level: 2, name: 'دبي' })).toBeInTheDocument();
    expect(requestsSent()).toEqual([`GET ${ARABIC_BRANCHES_PATH}`, `GET ${ARABIC_BRANCHES_PATH}`]);
  });

  it('drawn by the server (loadFirstView): the store has the branches, and the browser fetches nothing more', async () => {
    const store = arabicStore();
    await loadFirstView({ dispatch: store.dispatch, params: {}, locale: 'ar' });
    expect(requestsSent()).toEqual([`GET ${ARABIC_BRANCHES_PATH}`]);
    renderArabic(store);
    expect(screen.getByRole('heading', { level: 2, name: 'دبي' })).toBeInTheDocument();
    await waitFor(() => expect(requestsSent()).toHaveLength(1));
  });
});
