import { act, fireEvent, screen } from '@testing-library/react';
import { renderInSite, setViewportWidth } from '@test/render';
import { company } from '@site/content';
import { CallUsButton, COPIED_FOR_MS } from './CallUsButton';

describe('CallUsButton', () => {
  let writeText: jest.Mock;
  beforeEach(() => {
    jest.useFakeTimers();
    writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => jest.useRealTimers());

  // Which of the two shows is CSS: jsdom applies the link's display: none but not the media query that shows it at
  // 576 px or less, so the link is found by its label (a hidden element's role has no name in jsdom). shell-frame.spec.ts checks both sizes in Chromium.
  it('has a link that dials the Dubai number (the one shown at 576 px or less)', () => {
    renderInSite(<CallUsButton />);
    const link = screen.getByLabelText(`Call us on ${company.mainPhone}`);
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', `tel:${company.mainPhone.replace(/[^+\d]/g, '')}`);
  });

  it('wider, copies the number and says Copied for 3 s', async () => {
    setViewportWidth(800);
    renderInSite(<CallUsButton />);
    const button = screen.getByRole('button', { name: /Call Us/ });
    fireEvent.mouseEnter(button);
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip')).toHaveTextContent(`Copy to clipboard ${company.mainPhone}`);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith(company.mainPhone);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copied');
    act(() => jest.advanceTimersByTime(COPIED_FOR_MS - 1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copied');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent(`Copy to clipboard ${company.mainPhone}`);
  });

  it('says Copied after a click that came without hover or focus (a tap kept from before the start, handed on)', async () => {
    setViewportWidth(1280);
    renderInSite(<CallUsButton />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => {
      screen.getByRole('button', { name: /Call Us/ }).click();
    });
    expect(writeText).toHaveBeenCalledWith(company.mainPhone);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copied');
    act(() => jest.advanceTimersByTime(COPIED_FOR_MS));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('only logs a clipboard failure', async () => {
    setViewportWidth(1280);
    writeText.mockRejectedValue(new Error('denied'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderInSite(<CallUsButton />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Call Us/ }));
    });
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText('Copied')).toBeNull();
    warn.mockRestore();
  });

  it('on an Arabic page: Arabic words, the number left to right inside them', async () => {
    setViewportWidth(800);
    renderInSite(<CallUsButton />, { locale: 'ar' });
    expect(screen.getByLabelText(`اتصل بنا على الرقم \u2066${company.mainPhone}\u2069`)).toHaveAttribute(
      'href',
      'tel:+97143471100',
    );
    const button = screen.getByRole('button', { name: 'اتصل بنا' });
    fireEvent.mouseEnter(button);
    act(() => jest.advanceTimersByTime(100));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent(`نسخ الرقم ${company.mainPhone} إلى الحافظة`);
    expect(tooltip.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(tooltip.querySelector('bdi')).toHaveTextContent(company.mainPhone);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('تم النسخ');
  });
});
