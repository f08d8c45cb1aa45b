// The review form's own messages (en.json, ar.json here): the form is drawn only once the page has started (it sends
// with scripts only), so its words are a chunk of their own in the page's language, loaded with the form, not in the
// catalog every catalogue page downloads before it can be used (tests/budgets/first-view.json).
import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { use } from 'react';
import { addCatalog, textHook } from '@site/shared-store';
import type en from './en.json';

/** A message id of the form's catalog. */
export type ReviewMessageId = Extract<keyof typeof en, string>;

const useFormText = textHook<typeof en>();

/** What useReviewText() returns: reads a message of the form's catalog. */
export type ReviewText = ReturnType<typeof useFormText>;

/** Each page's instance's load of the form's catalog: one promise, so the form suspends on the same one each time. */
const loads = new WeakMap<I18n, Promise<void>>();

function loadCatalog(i18n: I18n): Promise<void> {
  let loading = loads.get(i18n);
  if (loading === undefined) {
    // compiled by the build's messages-loader (and in jest by its catalog transform)
    loading = (
      i18n.locale === 'ar'
        ? import(/* webpackChunkName: "review-form-ar" */ './ar.json')
        : import(/* webpackChunkName: "review-form-en" */ './en.json')
    ).then((catalog: { default: unknown }) => addCatalog(i18n, catalog.default as Messages));
    loads.set(i18n, loading);
  }
  return loading;
}

/** The form's messages in the page's language; suspends (its chunk's Suspense boundary) until they are there. */
export function useReviewText(): ReviewText {
  const { i18n } = useLingui();
  use(loadCatalog(i18n));
  return useFormText();
}
