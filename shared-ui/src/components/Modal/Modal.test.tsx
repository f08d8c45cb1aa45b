import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { Modal } from './Modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open certificate
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="ISO 9001:2015 (UAE)">
        <a href="/certificates">first link</a>
        <button type="button">last button</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a labelled dialog with focus inside, and Escape returns focus to the opener', () => {
    renderInSite(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open certificate' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'ISO 9001:2015 (UAE)' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog', () => {
    renderInSite(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open certificate' }));
    const last = screen.getByRole('button', { name: 'last button' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', () => {
    renderInSite(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open certificate' }));
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
