import type { TextOf } from '@site/shared-store';
import type en from './en.json';

/** A message id of this remote's catalogs (src/i18n/en.json, ar.json). */
export type MessageId = Extract<keyof typeof en, string>;

/** What useText() returns: reads a message of this remote's catalogs in the page's language. */
export type Text = TextOf<typeof en>;
