// The header's search on an Arabic page: the server's Arabic answers (?lang=ar), every text in Arabic.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { GLANDS_AR, SEARCH_RESULTS_AR } from '../testing/arabicFixtures';
import { arabicStore, englishLeft } from '../testing/arabicPage';
import { CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import { SEARCH_PAGE_SIZE } from '@site/contracts/catalogue-api';
import { arabicCatalogueHandlers, searchApi } from '../testing/handlers';
import SearchModal from './SearchModal';

describe('SearchModal in Arabic', () => {
  let onClose: jest.Mock;
  beforeEach(() => server.use(...arabicCatalogueHandlers, searchApi()));
  const open = () => {
    onClose = jest.fn();
    return renderInSite(<SearchModal open onClose={onClose} />, { route: '/about', locale: 'ar', store: arabicStore() });
  };
  const input = () => screen.getByRole('combobox', { name: 'نص البحث' });
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

  it('the dialog, its input and start texts are Arabic', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'البحث' });
    expect(input()).toHaveAttribute('placeholder', 'ابحث عن المنتجات والفئات...');
    expect(dialog).toHaveTextContent('ابدأ الكتابة للبحث');
    expect(dialog).toHaveTextContent('ابحث عن المنتجات أو الفئات أو الشركات');
    expect(within(dialog).getByRole('button', { name: 'إغلاق البحث' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('finds Arabic titles, counts in Arabic and opens the product inside the edition', async () => {
    open();
    type('جلبة');
    await screen.findByText('تم العثور على نتيجتين');
    expect(requestsSent()).toEqual([`GET ${CATALOGUE_SEARCH_API_PATH}?${new URLSearchParams({ q: 'جلبة', offset: '0', limit: String(SEARCH_PAGE_SIZE), lang: 'ar' })}`]);
    const options = within(screen.getByRole('listbox', { name: 'نتائج البحث' })).getAllByRole('option');
    expect(options[0]).toHaveTextContent(SEARCH_RESULTS_AR[0]!.title);
    expect(options[0]).toHaveTextContent(GLANDS_AR);
    expect(screen.getByText('للإغلاق', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('للتنقّل', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('للفتح', { exact: false })).toBeInTheDocument();
    // Model codes, brand names and the keys' names only.
    expect(englishLeft(['CW', 'E1W', 'Hex', 'ESC', 'Enter'])).toEqual([]);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    // The router's path inside the edition: the browser's router adds '/ar' (its basename).
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/industrial_cable_glands/gland_b');
    expect(onClose).toHaveBeenCalled();
  });

  it('says in Arabic that nothing matched, the text isolated, and offers the clear button', async () => {
    open();
    type('xyz');
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('لا توجد نتائج لـ «\u2068xyz\u2069»'));
    expect(screen.getByText('جرّب كلمات أخرى أو تحقّق من الإملاء')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'مسح نص البحث' }));
    expect(screen.getByText('ابدأ الكتابة للبحث')).toBeInTheDocument();
  });

  it('counts many results and offers the next page in Arabic', async () => {
    const many = Array.from({ length: 2 * SEARCH_PAGE_SIZE + 5 }, (_, index) => ({ ...SEARCH_RESULTS_AR[0]!, id: `c${index}`, title: `كابل ${index}` }));
    server.use(searchApi(undefined, many));
    open();
    type('كابل');
    await screen.findByText(`تم العثور على ${many.length} نتيجة`);
    fireEvent.click(screen.getByRole('button', { name: `عرض مزيد من النتائج (المتبقي: ${many.length - SEARCH_PAGE_SIZE})` }));
    await screen.findByRole('button', { name: 'عرض مزيد من النتائج (المتبقي: 5)' });
    expect(screen.getAllByRole('option')).toHaveLength(2 * SEARCH_PAGE_SIZE);
    type('كابل 1');
    await screen.findByText('تم العثور على 11 نتيجة');
    type('كابل 4');
    await screen.findByText('تم العثور على 6 نتائج');
  });

  it('says in Arabic that the search could not be loaded', async () => {
    server.use(http.get(CATALOGUE_SEARCH_API_PATH, () => new HttpResponse(null, { status: 500 })));
    open();
    type('كابل');
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل البحث.');
  });
});
