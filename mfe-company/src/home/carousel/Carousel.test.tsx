import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { arabicEdition } from '@site/content/arabic-edition';
import { brochurePath, home } from '@site/content';
import { setReducedMotion, useScrollAnimationMocks } from '@site/shared-ui/testing';
import { Carousel } from './Carousel';
import { BACKGROUND_INTERVAL_MS, CAROUSEL_INTERVAL_MS } from './carouselReducer';

/**
 * The carousel in each edition (/ar/home in Arabic): its names in the page's language, and the reading direction
 * followed: on a right-to-left page ArrowLeft and a swipe to the right show the next slide.
 */
const EDITIONS = [
  {
    locale: 'en' as const,
    content: home,
    headings: ['Electrical Products & Industrial Solutions', 'High Caliber Professionals', 'ISO 9001:2008 Certified'],
    region: 'Highlights',
    previous: 'Previous slide',
    next: 'Next slide',
    stop: 'Stop automatic slide show',
    start: 'Start automatic slide show',
    choose: 'Choose a slide',
    dot: (index: number, heading: string) => `Slide ${index}: ${heading}`,
    slide: (index: number) => `${index} of 3`,
    announced: (index: number, heading: string) => `Slide ${index} of 3: ${heading}`,
    getQuote: 'Get a Quote',
    catalogue: 'Download Catalogue',
    /** The third slide's rank, and the other edition's (never shown). */
    rank: '1st',
    otherRank: 'الأولى',
    nextKey: 'ArrowRight',
    previousKey: 'ArrowLeft',
    /** A swipe's start and end (x) that shows the next slide: against the reading direction. */
    swipeToNext: [300, 200],
  },
  {
    locale: 'ar' as const,
    content: arabicEdition('home.json'),
    headings: ['المنتجات الكهربائية والحلول الصناعية', 'كفاءات مهنية عالية', 'حاصلون على شهادة ISO 9001:2008'],
    region: 'أبرز إنجازاتنا',
    previous: 'الشريحة السابقة',
    next: 'الشريحة التالية',
    stop: 'إيقاف العرض التلقائي للشرائح',
    start: 'تشغيل العرض التلقائي للشرائح',
    choose: 'اختر شريحة',
    dot: (index: number, heading: string) => `الشريحة ${index}: ${heading}`,
    slide: (index: number) => `${index} من 3`,
    announced: (index: number, heading: string) => `الشريحة ${index} من 3: ${heading}`,
    getQuote: 'اطلب عرض سعر',
    // The brochure is in English, and says so.
    catalogue: 'تنزيل الكتالوج (بالإنجليزية)',
    rank: 'الأولى',
    otherRank: '1st',
    nextKey: 'ArrowLeft',
    previousKey: 'ArrowRight',
    swipeToNext: [100, 200],
  },
];
type Edition = (typeof EDITIONS)[number];
const [ENGLISH] = EDITIONS as [Edition, Edition];
const HEADINGS = ENGLISH.headings;

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const renderCarousel = (edition: Edition = ENGLISH) =>
  renderInSite(<Carousel slides={edition.content.slides} backgrounds={edition.content.backgrounds} />, {
    route: '/home',
    locale: edition.locale,
  });

/** The heading of the slide on show: the one whose dot is marked current, checked against what is visible. */
function shownHeading(edition: Edition = ENGLISH): string {
  const dots = within(screen.getByRole('group', { name: edition.choose })).getAllByRole('button');
  const current = dots.filter((dot) => dot.getAttribute('aria-current') === 'true');
  expect(current).toHaveLength(1);
  const visible = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
  expect(visible).toHaveLength(1);
  expect(current[0]).toHaveAccessibleName(edition.dot(dots.indexOf(current[0]!) + 1, visible[0] ?? ''));
  return visible[0] ?? '';
}

/** A slide by its label, on show or not. */
const slideOf = (edition: Edition, index: number) =>
  document.querySelector(`[aria-roledescription="slide"][aria-label="${edition.slide(index)}"]`) as HTMLElement;

describe.each(EDITIONS)('Carousel in each edition ($locale)', (edition) => {
  const { headings } = edition;
  const shown = () => shownHeading(edition);
  const swipe = (from: number, to: number) => {
    const slides = slideOf(edition, 1).parentElement as HTMLElement;
    fireEvent.touchStart(slides, { touches: [{ clientX: from, clientY: 100 }] });
    fireEvent.touchEnd(slides, { changedTouches: [{ clientX: to, clientY: 110 }] });
  };
  const [from, to] = edition.swipeToNext as [number, number];

  beforeEach(() => {
    jest.useFakeTimers();
    setReducedMotion(false);
  });
  afterEach(() => jest.useRealTimers());

  it("names the region, the slides and every control in the page's language", () => {
    renderCarousel(edition);
    expect(screen.getByRole('region', { name: edition.region })).toHaveAttribute('aria-roledescription', 'carousel');
    for (const name of [edition.previous, edition.next, edition.stop])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    headings.forEach((heading, i) =>
      expect(screen.getByRole('button', { name: edition.dot(i + 1, heading) })).toBeInTheDocument(),
    );
    expect(screen.getByRole('group', { name: edition.slide(1) })).toHaveAttribute('aria-roledescription', 'slide');
    fireEvent.click(screen.getByRole('button', { name: edition.stop }));
    expect(screen.getByRole('button', { name: edition.start })).toBeInTheDocument();
  });

  it("shows the slides in the page's language, the ordinal rank in its words, and the catalogue's link", () => {
    renderCarousel(edition);
    expect(shown()).toBe(headings[0]);
    const first = screen.getByRole('group', { name: edition.slide(1) });
    expect(within(first).getByText(edition.content.slides[0]!.companyText)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: edition.getQuote })).toHaveAttribute('href', '/contact-us');
    const catalogue = within(first).getByRole('link', { name: edition.catalogue });
    expect(catalogue).toHaveAttribute('href', brochurePath());
    expect(catalogue).toHaveAttribute('download');
    expect(within(slideOf(edition, 2)).getByText('23')).toBeInTheDocument();
    const third = slideOf(edition, 3);
    expect(within(third).getByText(edition.rank)).toBeInTheDocument();
    expect(within(third).queryByText(edition.otherRank)).toBeNull();
  });

  it("puts 'previous' first and 'next' last (on a right-to-left page: previous at the right), their chevrons mirrored there", () => {
    renderCarousel(edition);
    const previous = screen.getByRole('button', { name: edition.previous });
    const next = screen.getByRole('button', { name: edition.next });
    expect(previous.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The global style turns svg[data-mirror-rtl] round on a right-to-left page: previous points right, next left.
    expect(previous.querySelector('svg')).toHaveAttribute('data-mirror-rtl');
    expect(next.querySelector('svg')).toHaveAttribute('data-mirror-rtl');
  });

  it('takes the arrow key of the reading direction for the next slide, the other for the previous one', () => {
    renderCarousel(edition);
    fireEvent.keyDown(document.body, { key: edition.nextKey });
    expect(shown()).toBe(headings[1]);
    fireEvent.keyDown(document.body, { key: edition.nextKey });
    expect(shown()).toBe(headings[2]);
    fireEvent.keyDown(document.body, { key: edition.nextKey });
    expect(shown()).toBe(headings[0]);
    fireEvent.keyDown(document.body, { key: edition.previousKey });
    expect(shown()).toBe(headings[2]);
    fireEvent.keyDown(document.body, { key: '2' });
    expect(shown()).toBe(headings[1]);
  });

  it('shows the next slide for a swipe against the reading direction and the previous one for a swipe along it', () => {
    renderCarousel(edition);
    swipe(from, to);
    expect(shown()).toBe(headings[1]);
    swipe(to, from);
    expect(shown()).toBe(headings[0]);
    swipe(to, from);
    expect(shown()).toBe(headings[2]);
    swipe(from, from + Math.sign(to - from) * 40); // 40 px: not a swipe
    expect(shown()).toBe(headings[2]);
  });

  it('announces a slide the visitor chose, with Western digits', () => {
    renderCarousel(edition);
    fireEvent.click(screen.getByRole('button', { name: edition.next }));
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(edition.announced(2, headings[1]!));
  });
});

/** Fires the load event of every picture in the page (jsdom loads nothing). */
const loadPictures = () => document.querySelectorAll('img').forEach((img) => fireEvent.load(img));
const liveRegion = () => document.querySelector('[aria-live="polite"]') as HTMLElement;
const backgroundStates = () =>
  home.backgrounds.map(
    ({ image }) => document.querySelector(`img[src="${image}"]`)?.getAttribute('data-state') ?? 'not requested',
  );

describe('Carousel', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    setReducedMotion(false);
  });
  afterEach(() => jest.useRealTimers());

  it('is a labelled carousel with labelled controls', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Highlights' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    for (const name of ['Previous slide', 'Next slide', 'Stop automatic slide show'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    HEADINGS.forEach((heading, i) =>
      expect(screen.getByRole('button', { name: `Slide ${i + 1}: ${heading}` })).toBeInTheDocument(),
    );
    expect(screen.getByRole('group', { name: '1 of 3' })).toHaveAttribute('aria-roledescription', 'slide');
  });

  it('shows the three slides with their ranks, texts and buttons', () => {
    renderCarousel();
    expect(shownHeading()).toBe(HEADINGS[0]);
    const first = screen.getByRole('group', { name: '1 of 3' });
    expect(within(first).getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/contact-us');
    const catalogue = within(first).getByRole('link', { name: 'Download Catalogue' });
    expect(catalogue).toHaveAttribute('href', brochurePath());
    expect(catalogue).toHaveAttribute('download');
    expect(within(first).queryByText(/^(23|1st)$/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    const second = screen.getByRole('group', { name: '2 of 3' });
    expect(within(second).getByText('23')).toBeInTheDocument();
    expect(within(second).getByRole('heading', { name: 'High Caliber Professionals' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    const third = screen.getByRole('group', { name: '3 of 3' });
    expect(within(third).getByText('1st')).toBeInTheDocument();
    expect(within(third).getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/contact-us');
  });

  it('gives every slide its company text, info text and extra text', () => {
    renderCarousel();
    home.slides.forEach((slide, i) => {
      const group = within(
        document.querySelector(`[aria-roledescription="slide"][aria-label="${i + 1} of 3"]`) as HTMLElement,
      );
      for (const text of [slide.companyText, slide.info, slide.extraText])
        expect(group.getByText(text)).toBeInTheDocument();
    });
  });

  it('advances every 8 s and wraps from the last slide to the first', () => {
    renderCarousel();
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shownHeading()).toBe(HEADINGS[0]);
    advance(1);
    expect(shownHeading()).toBe(HEADINGS[1]);
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownHeading()).toBe(HEADINGS[2]);
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownHeading()).toBe(HEADINGS[0]);
  });

  it('wraps previous and next at both ends', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownHeading()).toBe(HEADINGS[2]);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownHeading()).toBe(HEADINGS[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownHeading()).toBe(HEADINGS[0]);
  });

  it('jumps to the slide of a dot and highlights that dot', () => {
    renderCarousel();
    const third = screen.getByRole('button', { name: `Slide 3: ${HEADINGS[2]}` });
    fireEvent.click(third);
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: `Slide 1: ${HEADINGS[0]}` })).not.toHaveAttribute('aria-current');
    expect(shownHeading()).toBe(HEADINGS[2]);
  });

  it('delays the next auto-advance by one tick after a manual navigation', () => {
    renderCarousel();
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownHeading()).toBe(HEADINGS[1]);
    advance(5000); // the tick at 8 s is held
    expect(shownHeading()).toBe(HEADINGS[1]);
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shownHeading()).toBe(HEADINGS[1]);
    advance(1); // the tick at 16 s advances
    expect(shownHeading()).toBe(HEADINGS[2]);
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownHeading()).toBe(HEADINGS[0]);
  });

  it('delays the next tick after keys, dots and swipes too', () => {
    renderCarousel();
    fireEvent.keyDown(document.body, { key: '2' });
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownHeading()).toBe(HEADINGS[1]);
    fireEvent.click(screen.getByRole('button', { name: `Slide 1: ${HEADINGS[0]}` }));
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownHeading()).toBe(HEADINGS[0]);
    const slides = screen.getByRole('group', { name: '1 of 3' }).parentElement as HTMLElement;
    fireEvent.touchStart(slides, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(slides, { changedTouches: [{ clientX: 200, clientY: 110 }] });
    expect(shownHeading()).toBe(HEADINGS[1]);
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownHeading()).toBe(HEADINGS[1]);
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownHeading()).toBe(HEADINGS[2]);
  });

  it('follows the arrow keys and 1-3 pressed anywhere on the page', () => {
    renderCarousel();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(shownHeading()).toBe(HEADINGS[2]);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(shownHeading()).toBe(HEADINGS[0]);
    fireEvent.keyDown(document.body, { key: '3' });
    expect(shownHeading()).toBe(HEADINGS[2]);
    fireEvent.keyDown(document.body, { key: '2' });
    expect(shownHeading()).toBe(HEADINGS[1]);
    fireEvent.keyDown(document.body, { key: '1' });
    expect(shownHeading()).toBe(HEADINGS[0]);
    fireEvent.keyDown(document.body, { key: '4' });
    expect(shownHeading()).toBe(HEADINGS[0]);
  });

  it('leaves keys alone while the visitor types, uses a dialog or holds a modifier', () => {
    renderCarousel();
    const input = document.createElement('input');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(input, dialog);
    fireEvent.keyDown(input, { key: '3' });
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    fireEvent.keyDown(button, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: '2', altKey: true });
    expect(shownHeading()).toBe(HEADINGS[0]);
    input.remove();
    dialog.remove();
  });

  it('counts a swipe only when longer than 50 px and mostly horizontal', () => {
    renderCarousel();
    const slides = screen.getByRole('group', { name: '1 of 3' }).parentElement as HTMLElement;
    const swipe = (dx: number, dy: number) => {
      fireEvent.touchStart(slides, { touches: [{ clientX: 400, clientY: 300 }] });
      fireEvent.touchEnd(slides, { changedTouches: [{ clientX: 400 + dx, clientY: 300 + dy }] });
    };
    swipe(-50, 0);
    expect(shownHeading()).toBe(HEADINGS[0]);
    swipe(-90, 120);
    expect(shownHeading()).toBe(HEADINGS[0]);
    swipe(-51, 10);
    expect(shownHeading()).toBe(HEADINGS[1]);
    swipe(80, -20);
    expect(shownHeading()).toBe(HEADINGS[0]);
    swipe(80, 0);
    expect(shownHeading()).toBe(HEADINGS[2]);
  });

  it("announces a visitor's change in the polite live region, not the timer's", () => {
    renderCarousel();
    expect(liveRegion()).toHaveAttribute('aria-atomic', 'true');
    expect(liveRegion()).toHaveTextContent('');
    advance(CAROUSEL_INTERVAL_MS);
    expect(liveRegion()).toHaveTextContent('');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(liveRegion()).toHaveTextContent(`Slide 3 of 3: ${HEADINGS[2]}`);
  });

  it('stops on the stop button and starts again on the start button', () => {
    renderCarousel();
    loadPictures();
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(shownHeading()).toBe(HEADINGS[0]);
    expect(backgroundStates()[0]).toBe('active');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownHeading()).toBe(HEADINGS[1]);
  });

  it('stands still for visitors who prefer reduced motion, and can still be navigated and started', () => {
    setReducedMotion(true);
    renderCarousel();
    loadPictures();
    advance(CAROUSEL_INTERVAL_MS * 4);
    expect(shownHeading()).toBe(HEADINGS[0]);
    expect(backgroundStates()[0]).toBe('active');
    expect(backgroundStates()[1]).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownHeading()).toBe(HEADINGS[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    advance(CAROUSEL_INTERVAL_MS * 2);
    expect(shownHeading()).toBe(HEADINGS[2]);
  });

  it('does not move while keyboard focus is inside a slide', () => {
    renderCarousel();
    const quote = within(screen.getByRole('group', { name: '1 of 3' })).getByRole('link', { name: 'Get a Quote' });
    act(() => quote.focus());
    advance(CAROUSEL_INTERVAL_MS * 2);
    expect(shownHeading()).toBe(HEADINGS[0]);
    act(() => quote.blur());
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownHeading()).toBe(HEADINGS[1]);
  });

  it('rotates the background through the 4 pictures every 4 s, keeping the previous one under the new one', () => {
    renderCarousel();
    // Without IntersectionObserver every picture counts as in view; newly requested ones are "loaded" by hand.
    loadPictures();
    expect(backgroundStates()).toEqual(['active', 'hidden', 'not requested', 'not requested']);
    advance(BACKGROUND_INTERVAL_MS - 1);
    expect(backgroundStates()[0]).toBe('active');
    advance(1);
    loadPictures();
    expect(backgroundStates()).toEqual(['visible', 'active', 'hidden', 'not requested']);
    advance(BACKGROUND_INTERVAL_MS);
    loadPictures();
    expect(backgroundStates()).toEqual(['hidden', 'visible', 'active', 'hidden']);
    advance(BACKGROUND_INTERVAL_MS);
    expect(backgroundStates()).toEqual(['hidden', 'hidden', 'visible', 'active']);
    advance(BACKGROUND_INTERVAL_MS);
    expect(backgroundStates()).toEqual(['active', 'hidden', 'hidden', 'visible']);
  });

  it('keeps the background rotating on its own 4 s clock when the visitor changes slides', () => {
    renderCarousel();
    loadPictures();
    advance(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    advance(2000);
    expect(backgroundStates()[1]).toBe('active');
  });

  it('requests a slide picture only when its slide is on show or next', () => {
    renderCarousel();
    const requested = () => home.slides.map((slide) => document.querySelector(`img[src="${slide.image}"]`) !== null);
    expect(requested()).toEqual([true, true, false]);
    advance(CAROUSEL_INTERVAL_MS);
    expect(requested()).toEqual([true, true, true]);
    const pictures = home.slides.map(
      (slide) => document.querySelector(`img[src="${slide.image}"]`) as HTMLImageElement,
    );
    pictures.forEach((picture, i) => {
      expect(picture).toHaveAttribute('alt', home.slides[i]!.alt);
      expect(picture).toHaveAttribute('width', '960');
      expect(picture).toHaveAttribute('height', '720');
    });
  });
});

describe('Carousel pictures', () => {
  const observer = useScrollAnimationMocks();

  const picture = () => document.querySelector(`img[src="${home.slides[0]!.image}"]`) as HTMLImageElement;

  it('stay hidden when loaded but not yet in view', () => {
    renderCarousel();
    fireEvent.load(picture());
    expect(picture()).toHaveAttribute('data-state', 'waiting');
    observer().scrollIntoView(picture());
    expect(picture()).toHaveAttribute('data-state', 'active');
  });

  it('stay hidden when in view but not yet loaded', () => {
    renderCarousel();
    observer().scrollIntoView(picture());
    expect(picture()).toHaveAttribute('data-state', 'waiting');
    fireEvent.load(picture());
    expect(picture()).toHaveAttribute('data-state', 'active');
  });

  it('never show a picture that failed to load', () => {
    renderCarousel();
    observer().scrollIntoView(picture());
    fireEvent.error(picture());
    expect(picture()).toHaveAttribute('data-state', 'waiting');
  });
});
