import { useCallback } from 'react';
import { useLocale } from '@site/shared-store';
import { useText } from '../i18n/useText';
import type { MessageId } from '../i18n/text';

/**
 * The text of a failed load for the page's language. English pages show what the load said (the server's words, or
 * 'Could not load … (HTTP 500)', as they always have), else the message `fallback`; other editions always show their
 * own message: a load's error is written in English (the server's, the browser's 'Failed to fetch').
 */
export function useFailureText(): (error: string | null | undefined, fallback: MessageId) => string {
  const text = useText();
  const locale = useLocale();
  return useCallback(
    (error: string | null | undefined, fallback: MessageId) => (locale === 'en' && error ? error : text(fallback)),
    [locale, text],
  );
}
