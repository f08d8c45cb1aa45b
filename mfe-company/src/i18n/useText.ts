import { textHook } from '@site/shared-store';
import type en from './en.json';

/** This remote's messages (src/i18n/en.json, ar.json) in the page's language. */
export const useText = textHook<typeof en>();
