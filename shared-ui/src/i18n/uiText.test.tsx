// The design system's own words in the page's language (uiText.ts): a prop wins, then the page's `ui.*` messages (the
// shell's catalog), then English.
import { render, screen } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { Breadcrumb } from '../components/Breadcrumb/Breadcrumb';
import { LoadError } from '../components/LoadError/LoadError';
import { Modal } from '../components/Modal/Modal';
import { Spinner } from '../components/Spinner/Spinner';
import { Honeypot } from '../components/Honeypot/Honeypot';
import { englishUiText } from './uiText';

const longTrail = [
  { moduleName: 'Home', link: '/home' },
  { moduleName: 'Our Products', link: '/our-products' },
  { moduleName: 'Cable Glands', link: '/our-products/industrial_cable_glands' },
  { moduleName: 'CW Brass Gland' },
];

function Texts() {
  return (
    <>
      <Breadcrumb items={longTrail} />
      <LoadError message="x" onRetry={() => undefined} />
      <Spinner />
      <Honeypot name="website" value="" onChange={() => undefined} />
      <Modal open onClose={() => undefined} title="t">
        <p>body</p>
      </Modal>
    </>
  );
}

describe('the design system texts', () => {
  it('on an English page: the texts as they always were', () => {
    renderInSite(<Texts />);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Show 2 more breadcrumb items' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByTestId('spinner').parentElement).toHaveTextContent('Loading');
    expect(document.querySelector('[aria-hidden="true"] label')).toHaveTextContent('Leave this field empty');
  });

  it("on an Arabic page: the shell's Arabic messages (plural included)", () => {
    renderInSite(<Texts />, { locale: 'ar' });
    expect(screen.getByRole('navigation', { name: 'مسار التنقل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'عرض عنصرين آخرين من مسار التنقل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
    expect(screen.getByTestId('spinner').parentElement).toHaveTextContent('جارٍ التحميل');
    expect(document.querySelector('[aria-hidden="true"] label')).toHaveTextContent('اترك هذا الحقل فارغًا');
  });

  it('says one hidden breadcrumb item in the singular', () => {
    renderInSite(<Breadcrumb items={longTrail.slice(1)} />);
    expect(screen.getByRole('button', { name: 'Show 1 more breadcrumb item' })).toBeInTheDocument();
  });

  it("a component's props win over the page's messages", () => {
    renderInSite(
      <>
        <Breadcrumb items={longTrail} label="مسار الصفحة" expandLabel={(count) => `المزيد (${count})`} />
        <LoadError message="x" onRetry={() => undefined} retryLabel="حاول مجددًا" />
        <Spinner label="جارٍ تحميل المنتجات" />
      </>,
      { locale: 'ar' },
    );
    expect(screen.getByRole('navigation', { name: 'مسار الصفحة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'المزيد (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حاول مجددًا' })).toBeInTheDocument();
    expect(screen.getByTestId('spinner').parentElement).toHaveTextContent('جارٍ تحميل المنتجات');
  });

  it("without the page's messages (no I18nProvider): English", () => {
    render(<Spinner />);
    expect(screen.getByTestId('spinner').parentElement).toHaveTextContent('Loading');
    expect(englishUiText('ui.breadcrumbMore', { count: 3 })).toBe('Show 3 more breadcrumb items');
  });
});
