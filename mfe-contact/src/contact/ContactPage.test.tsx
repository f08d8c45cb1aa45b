import { act, fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '@site/shared-store';
import { renderInSite } from '@test/render';
import ContactPage, { REGION_SWITCH_MS } from './ContactPage';

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
});
