// The carousel on an Arabic page (/ar/home): Arabic names for the region, slides, buttons and live region, and the
// reading direction followed: 'previous' first (at the right of a right-to-left row) with mirrored chevrons,
// ArrowLeft and a swipe to the right show the next slide.
import { fireEvent, screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { arabicEdition } from '@site/content/arabic-edition';
import { brochurePath } from '@site/content';
import { setReducedMotion } from '@site/shared-ui/testing';
import { Carousel } from './Carousel';

const home = arabicEdition('home.json');
const HEADINGS = ['المنتجات الكهربائية والحلول الصناعية', 'كفاءات مهنية عالية', 'حاصلون على شهادة ISO 9001:2008'];

const renderCarousel = () => renderInSite(<Carousel slides={home.slides} backgrounds={home.backgrounds} />, { route: '/home', locale: 'ar' });

/** The heading of the slide on show (the one whose dot is marked current, and the one visible heading). */
function shownHeading(): string {
  const dots = within(screen.getByRole('group', { name: 'اختر شريحة' })).getAllByRole('button');
  const current = dots.filter((dot) => dot.getAttribute('aria-current') === 'true');
  expect(current).toHaveLength(1);
  const visible = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
  expect(visible).toHaveLength(1);
  expect(current[0]).toHaveAccessibleName(`الشريحة ${dots.indexOf(current[0]!) + 1}: ${visible[0]}`);
  return visible[0] ?? '';
}

/** A slide by its label, on show or not. */
const slide = (label: string) => document.querySelector(`[aria-roledescription="slide"][aria-label="${label}"]`) as HTMLElement;

const swipe = (from: number, to: number) => {
  const slides = slide('1 من 3').parentElement as HTMLElement;
  fireEvent.touchStart(slides, { touches: [{ clientX: from, clientY: 100 }] });
  fireEvent.touchEnd(slides, { changedTouches: [{ clientX: to, clientY: 110 }] });
};

describe('Carousel on an Arabic page', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    setReducedMotion(false);
  });
  afterEach(() => jest.useRealTimers());

  it('names the region, the slides and every control in Arabic', () => {
    renderCarousel();
    expect(screen.getByRole('region', { name: 'أبرز إنجازاتنا' })).toHaveAttribute('aria-roledescription', 'carousel');
    for (const name of ['الشريحة السابقة', 'الشريحة التالية', 'إيقاف العرض التلقائي للشرائح']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    HEADINGS.forEach((heading, i) => expect(screen.getByRole('button', { name: `الشريحة ${i + 1}: ${heading}` })).toBeInTheDocument());
    expect(screen.getByRole('group', { name: '1 من 3' })).toHaveAttribute('aria-roledescription', 'slide');
    fireEvent.click(screen.getByRole('button', { name: 'إيقاف العرض التلقائي للشرائح' }));
    expect(screen.getByRole('button', { name: 'تشغيل العرض التلقائي للشرائح' })).toBeInTheDocument();
  });

  it('shows the slides in Arabic, the ordinal rank in words, and says the catalogue is in English', () => {
    renderCarousel();
    expect(shownHeading()).toBe(HEADINGS[0]);
    const first = screen.getByRole('group', { name: '1 من 3' });
    expect(within(first).getByText('الهلال للتجارة الكهربائية · منذ 1995')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'اطلب عرض سعر' })).toHaveAttribute('href', '/contact-us');
    const catalogue = within(first).getByRole('link', { name: 'تنزيل الكتالوج (بالإنجليزية)' });
    expect(catalogue).toHaveAttribute('href', brochurePath());
    expect(catalogue).toHaveAttribute('download');
    const second = slide('2 من 3');
    expect(within(second).getByText('23')).toBeInTheDocument();
    const third = slide('3 من 3');
    expect(within(third).getByText('الأولى')).toBeInTheDocument();
    expect(within(third).queryByText('1st')).toBeNull();
  });

  it("puts 'previous' first (the right of a right-to-left row) and 'next' last, their chevrons mirrored", () => {
    renderCarousel();
    const previous = screen.getByRole('button', { name: 'الشريحة السابقة' });
    const next = screen.getByRole('button', { name: 'الشريحة التالية' });
    expect(previous.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The global style turns svg[data-mirror-rtl] round on a right-to-left page: previous points right, next left.
    expect(previous.querySelector('svg')).toHaveAttribute('data-mirror-rtl');
    expect(next.querySelector('svg')).toHaveAttribute('data-mirror-rtl');
  });

  it('takes ArrowLeft for the next slide and ArrowRight for the previous one', () => {
    renderCarousel();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(shownHeading()).toBe(HEADINGS[1]);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(shownHeading()).toBe(HEADINGS[2]);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(shownHeading()).toBe(HEADINGS[0]);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(shownHeading()).toBe(HEADINGS[2]);
    fireEvent.keyDown(document.body, { key: '2' });
    expect(shownHeading()).toBe(HEADINGS[1]);
  });

  it('shows the next slide for a swipe to the right and the previous one for a swipe to the left', () => {
    renderCarousel();
    swipe(100, 200);
    expect(shownHeading()).toBe(HEADINGS[1]);
    swipe(300, 200);
    expect(shownHeading()).toBe(HEADINGS[0]);
    swipe(300, 200);
    expect(shownHeading()).toBe(HEADINGS[2]);
    swipe(100, 140); // 40 px: not a swipe
    expect(shownHeading()).toBe(HEADINGS[2]);
  });

  it('announces a slide the visitor chose in Arabic, with Western digits', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'الشريحة التالية' }));
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(`الشريحة 2 من 3: ${HEADINGS[1]}`);
  });
});
