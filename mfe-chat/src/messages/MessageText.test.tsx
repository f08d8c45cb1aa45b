import { fireEvent, screen } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { MessageText } from './MessageText';

const renderText = (text: string, onNavigate?: () => void) =>
  renderInSite(
    <p data-testid="message">
      <MessageText text={text} onNavigate={onNavigate} />
    </p>,
    { route: '/home' },
  );

describe('MessageText', () => {
  it('renders site links as router links that navigate in the app', () => {
    const onNavigate = jest.fn();
    renderText('Browse [Our Products](/our-products) or [Cables](/our-products/cables).', onNavigate);
    const link = screen.getByRole('link', { name: 'Cables' });
    expect(link).toHaveAttribute('href', '/our-products/cables');
    fireEvent.click(link);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/cables');
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('message')).toHaveTextContent('Browse Our Products or Cables.');
  });

  it('renders **bold** as strong text', () => {
    renderText('Call **+971 4 347 1100** today');
    expect(screen.getByText('+971 4 347 1100').tagName).toBe('STRONG');
  });

  it.each([
    '<script>document.body.dataset.hacked = "1"</script>',
    '<img src="x" onerror="document.body.dataset.hacked = \'1\'">',
    '<a href="javascript:alert(1)">click</a>',
    '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"></svg>',
    '[click me](javascript:alert(1))',
    '[click me](https://evil.example)',
    '**<b onmouseover="alert(1)">bold</b>**',
  ])('shows %p as text and creates no element from it', (payload) => {
    renderText(payload);
    const message = screen.getByTestId('message');
    expect(message.querySelectorAll('script, img, a, iframe, svg, b')).toHaveLength(0);
    expect(message.textContent).toContain(payload.startsWith('[') ? 'click me' : payload.replace(/^\*\*|\*\*$/g, ''));
    expect(document.body.dataset.hacked).toBeUndefined();
  });
});
