import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { Drawer } from './Drawer';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} label="Menu">
        <a href="/about">About Us</a>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('takes focus when it opens and gives it back on Escape', () => {
    renderInSite(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on a click on the backdrop', () => {
    renderInSite(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.mouseDown(screen.getByTestId('drawer-backdrop'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
