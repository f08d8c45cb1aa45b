import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fireEvent, screen } from '@testing-library/react';
import { parseQuantity, type QuoteUnit } from '@site/content/validation';
import { renderInSite, testI18n } from '@test/render';
import { SiteI18nProvider } from '@site/shared-store';
import { ThemeRoot } from '../theme/ThemeRoot';
import { QuantityField } from './QuantityField';
import { useQuantityTexts } from './quantityText';

/** A field as the apps use it: checks what is typed with parseQuantity and shows the problem. */
function CheckedQuantity({ unit }: { unit: QuoteUnit }) {
  const [value, setValue] = useState('1');
  const checked = parseQuantity(value, unit);
  return (
    <QuantityField
      label="Quantity"
      unit={unit}
      value={value}
      onChange={setValue}
      problem={checked.ok ? null : checked.problem}
    />
  );
}

/** A field without a label in sight (a card's, a table row's). */
function UnlabelledQuantity() {
  const [value, setValue] = useState('1');
  const checked = parseQuantity(value, 'piece');
  return (
    <QuantityField
      label="Quantity of Gland A"
      labelHidden
      unit="piece"
      value={value}
      onChange={setValue}
      problem={checked.ok ? null : checked.problem}
    />
  );
}

function Quantities({ entries }: { entries: [number, QuoteUnit][] }) {
  const texts = useQuantityTexts();
  return (
    <ul>
      {entries.map(([count, unit]) => (
        <li key={`${count}${unit}`}>{texts.quantity(count, unit)}</li>
      ))}
    </ul>
  );
}

describe('QuantityField', () => {
  it('names its unit and explains a refused quantity in words', () => {
    renderInSite(<CheckedQuantity unit="piece" />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAccessibleDescription('pieces');
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a whole number of pieces. pieces');
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByText('Enter a quantity greater than 0.')).toBeVisible();
  });

  it('without a label in sight is named and described all the same, and explains a refused quantity', () => {
    renderInSite(<UnlabelledQuantity />);
    const input = screen.getByRole('textbox', { name: 'Quantity of Gland A' });
    expect(screen.queryByText('Quantity of Gland A')).toBeNull();
    expect(input).toHaveAccessibleDescription('pieces');
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a whole number of pieces. pieces');
    expect(screen.getByText('Enter a whole number of pieces.')).toBeVisible();
  });

  it('takes decimals where the unit does (metres)', () => {
    renderInSite(<CheckedQuantity unit="metre" />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('speaks Arabic on Arabic pages', () => {
    renderInSite(<CheckedQuantity unit="metre" />, { locale: 'ar' });
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    fireEvent.change(input, { target: { value: '200000' } });
    expect(screen.getByText('لا تتجاوز الكمية 100000 (متر).')).toBeVisible();
  });
});

describe('useQuantityTexts', () => {
  it('writes a quantity with its unit, singular or plural', () => {
    renderInSite(
      <Quantities
        entries={[
          [1, 'piece'],
          [40, 'box'],
          [12.5, 'metre'],
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1 piece',
      '40 boxes',
      '12.5 metres',
    ]);
  });

  it('uses the Arabic plural forms, with Western digits', () => {
    renderInSite(
      <Quantities
        entries={[
          [1, 'piece'],
          [2, 'metre'],
          [5, 'box'],
          [40, 'box'],
          [200, 'metre'],
          [12.5, 'metre'],
        ]}
      />,
      { locale: 'ar' },
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'قطعة واحدة',
      'متران',
      '5 صناديق',
      '40 صندوقًا',
      '200 متر',
      '12.5 متر',
    ]);
  });
});

describe('a quantity typed before the page started', () => {
  it('is the value once the page has taken over the server’s field (what a kept tap then adds), not the one drawn', async () => {
    const values: string[] = [];
    function Hosted() {
      const [value, setValue] = useState('1');
      values.push(value);
      return <QuantityField label="Quantity" unit="piece" value={value} onChange={setValue} />;
    }
    const tree = (
      <SiteI18nProvider i18n={testI18n('en')}>
        <ThemeRoot>
          <Hosted />
        </ThemeRoot>
      </SiteI18nProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    // the buyer types into the server's field while the scripts are on their way
    container.querySelector('input')!.value = '12';
    values.length = 0;
    const root = await act(async () => hydrateRoot(container, tree));
    expect(container.querySelector('input')).toHaveValue('12');
    expect(values.at(-1)).toBe('12');
    await act(async () => root.unmount());
    container.remove();
  });
});
