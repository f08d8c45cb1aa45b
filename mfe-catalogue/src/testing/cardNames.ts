import { screen, within } from '@testing-library/react';

/** The names on the drawn product cards, in order: the level-2 headings of the list named `list` (a listing's by default). */
export const cardNames = (list: RegExp = /products$/): (string | null)[] =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
