import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { Drawer } from './Drawer';

function Harness({ prepared = false }: { prepared?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} label="Menu" prepared={prepared}>
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

  it('prepared, stays in the page hidden while closed, and works the same', () => {
    renderInSite(<Harness prepared />);
    const backdrop = screen.getByTestId('drawer-backdrop');
    expect(backdrop).not.toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    const opener = screen.getByRole('button', { name: 'Open menu' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBe(backdrop.firstElementChild);
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(screen.getByTestId('drawer-backdrop')).not.toBeVisible();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });
});
