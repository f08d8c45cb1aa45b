import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeRoot } from '../../theme/ThemeRoot';
import { Honeypot } from './Honeypot';

function Form({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <ThemeRoot>
      <form aria-label="Message">
        <label>
          Name
          <input />
        </label>
        <Honeypot
          name="website"
          id="contact-website"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            onValue(event.target.value);
          }}
        />
      </form>
    </ThemeRoot>
  );
}

describe('Honeypot', () => {
  it('is out of reach of people: not in the accessibility tree, not in the tab order, never autofilled', () => {
    render(<Form onValue={() => undefined} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
    const trap = document.getElementById('contact-website')!;
    expect(trap).toHaveAttribute('name', 'website');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('is hidden by clipping where it stands, not by an offset that only works left to right', () => {
    render(<Form onValue={() => undefined} />);
    const box = document.getElementById('contact-website')!.closest('[aria-hidden="true"]')!;
    const style = getComputedStyle(box);
    expect(style.clipPath).toBe('inset(50%)');
    expect(style.left).toBe('');
    expect(style.right).toBe('');
    // still an enabled, displayed input: bots that skip hidden fields fill it
    expect(style.display).not.toBe('none');
    expect(document.getElementById('contact-website')).toBeEnabled();
  });

  it('hands on what a bot types', () => {
    const values: string[] = [];
    render(<Form onValue={(value) => values.push(value)} />);
    fireEvent.change(document.getElementById('contact-website')!, { target: { value: 'http://spam.example' } });
    expect(values).toEqual(['http://spam.example']);
    expect(document.getElementById('contact-website')).toHaveValue('http://spam.example');
  });
});
