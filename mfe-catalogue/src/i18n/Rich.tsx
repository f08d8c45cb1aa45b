import type { ReactElement, ReactNode } from 'react';
import { Trans } from '@lingui/react';
import type { MessageId } from './text';

export interface RichProps {
  id: MessageId;
  /** Text values, or elements: an element value is never read as markup (a visitor's text stays text). */
  values?: Record<string, string | number | ReactNode>;
  /** The elements of the message's `<0>…</0>` tags, by number. */
  components?: Record<number, ReactElement>;
}

/** A message of this remote's catalogs with elements inside (links, `<kbd>`, isolated codes), in the page's language. */
export function Rich({ id, values, components }: RichProps) {
  return <Trans id={id} values={values} components={components} />;
}
