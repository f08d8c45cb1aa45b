import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { Tooltip, TOOLTIP_ENTER_DELAY_MS, TOOLTIP_TOUCH_ENTER_DELAY_MS, TOOLTIP_TOUCH_LEAVE_DELAY_MS } from './Tooltip';

const PHONE = '+971 4 000 0000';
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const trigger = () => screen.getByRole('button', { name: 'Call Us' });
const tooltip = () => screen.queryByRole('tooltip');

function renderCallUs(title = `Copy to clipboard ${PHONE}`) {
  return renderInSite(
    <Tooltip title={title}>
      <button type="button">Call Us</button>
    </Tooltip>,
  );
}

/** Like the header's Call Us button: clicking copies, and the tooltip says so. */
function CopyButton() {
  const [copied, setCopied] = useState(false);
  return (
    <Tooltip title={copied ? 'Copied' : `Copy to clipboard ${PHONE}`}>
      <button type="button" onClick={() => setCopied(true)}>
        Call Us
      </button>
    </Tooltip>
  );
}

describe('Tooltip', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('spec timings', () => {
    expect([TOOLTIP_ENTER_DELAY_MS, TOOLTIP_TOUCH_ENTER_DELAY_MS, TOOLTIP_TOUCH_LEAVE_DELAY_MS]).toEqual([
      100, 700, 1500,
    ]);
  });

  describe('mouse', () => {
    it('opens 100 ms after the pointer enters and describes the trigger', () => {
      renderCallUs();
      fireEvent.mouseEnter(trigger());
      advance(99);
      expect(tooltip()).toBeNull();
      advance(1);
      expect(tooltip()).toHaveTextContent(`Copy to clipboard ${PHONE}`);
      expect(trigger()).toHaveAccessibleDescription(`Copy to clipboard ${PHONE}`);
      expect(tooltip()).toHaveStyle({ maxWidth: '300px' });
    });

    it('does not open when the pointer only passes over', () => {
      renderCallUs();
      fireEvent.mouseEnter(trigger());
      advance(50);
      fireEvent.mouseLeave(trigger());
      advance(500);
      expect(tooltip()).toBeNull();
    });

    it('closes when the pointer leaves, and the trigger loses its description', () => {
      renderCallUs();
      fireEvent.mouseEnter(trigger());
      advance(100);
      fireEvent.mouseLeave(trigger());
      expect(tooltip()).toBeNull();
      expect(trigger()).not.toHaveAttribute('aria-describedby');
    });

    it('follows a change of text while open (Copy → Copied)', () => {
      renderInSite(<CopyButton />);
      fireEvent.mouseEnter(trigger());
      advance(100);
      fireEvent.click(trigger());
      expect(tooltip()).toHaveTextContent('Copied');
      expect(trigger()).toHaveAccessibleDescription('Copied');
    });
  });

  describe('keyboard', () => {
    it('opens 100 ms after focus and closes on blur', () => {
      renderCallUs();
      act(() => trigger().focus());
      advance(99);
      expect(tooltip()).toBeNull();
      advance(1);
      expect(tooltip()).toBeInTheDocument();
      act(() => trigger().blur());
      expect(tooltip()).toBeNull();
    });

    it('closes on Escape', () => {
      renderCallUs();
      act(() => trigger().focus());
      advance(100);
      fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' });
      expect(tooltip()).toBeNull();
      expect(trigger()).toHaveFocus();
    });
  });

  describe('touch', () => {
    it('opens only after a 700 ms touch', () => {
      renderCallUs();
      fireEvent.touchStart(trigger());
      advance(699);
      expect(tooltip()).toBeNull();
      advance(1);
      expect(tooltip()).toBeInTheDocument();
    });

    it('closes 1500 ms after the finger lifts', () => {
      renderCallUs();
      fireEvent.touchStart(trigger());
      advance(800);
      fireEvent.touchEnd(trigger());
      advance(1499);
      expect(tooltip()).toBeInTheDocument();
      advance(1);
      expect(tooltip()).toBeNull();
    });

    it('stays closed for a quick tap, including the mouse and focus events phones emulate after it', () => {
      renderCallUs();
      fireEvent.touchStart(trigger());
      advance(200);
      fireEvent.touchEnd(trigger());
      fireEvent.mouseEnter(trigger());
      act(() => trigger().focus());
      advance(2000);
      expect(tooltip()).toBeNull();
    });
  });

  it('shown: open whatever the pointer did, and closes when no longer shown unless hovered', () => {
    const { rerender } = renderInSite(
      <Tooltip title="Copied" shown>
        <button type="button">Call Us</button>
      </Tooltip>,
    );
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copied');
    expect(trigger()).toHaveAccessibleDescription('Copied');
    rerender(
      <Tooltip title="Copy" shown={false}>
        <button type="button">Call Us</button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps a description the trigger already had', () => {
    renderInSite(
      <>
        <span id="hint">Opens the dialler on phones</span>
        <Tooltip title="Copy">
          <button type="button" aria-describedby="hint">
            Call Us
          </button>
        </Tooltip>
      </>,
    );
    fireEvent.mouseEnter(trigger());
    advance(100);
    expect(trigger()).toHaveAccessibleDescription('Opens the dialler on phones Copy');
  });
});
