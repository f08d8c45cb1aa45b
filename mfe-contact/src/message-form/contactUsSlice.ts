import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type AppDispatch, type RootState } from '@site/shared-store';
import { branches, company } from '@site/content';
import {
  CONTACT_FORM_MESSAGES,
  contactFailureMessage,
  DEFAULT_BRANCH_NAME,
  HONEYPOT_FIELD,
  validateContactForm,
} from '@site/content/src/validation';

/** Same-origin, relative: the site's own server answers it wherever the site is deployed. */
export const CONTACT_FORM_URL = '/api/send-contact-form';

export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  message: string;
  /** A branch name: where the message goes. */
  country: string;
  companyName: string;
  companyLocation: string;
  /** The human check '23 - 14 = ?' (checked here, never sent). */
  answer: string;
  /** The hidden honeypot: empty for every person. */
  [HONEYPOT_FIELD]: string;
}

export type ContactField = keyof ContactFormValues;

export type ContactStatus = { type: 'none' } | { type: 'error'; message: string } | { type: 'success'; message: string };

export interface ContactUsState {
  values: ContactFormValues;
  status: ContactStatus;
  loading: boolean;
}

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  message: '',
  country: DEFAULT_BRANCH_NAME,
  companyName: '',
  companyLocation: '',
  answer: '',
  [HONEYPOT_FIELD]: '',
};

const initialState: ContactUsState = { values: EMPTY_CONTACT_FORM, status: { type: 'none' }, loading: false };

export const contactUsSlice = createSlice({
  name: 'contactUs',
  initialState,
  reducers: {
    fieldChanged(state, action: PayloadAction<{ field: ContactField; value: string }>) {
      state.values[action.payload.field] = action.payload.value;
    },
    validationFailed(state, action: PayloadAction<string>) {
      state.status = { type: 'error', message: action.payload };
    },
    submitStarted(state) {
      state.status = { type: 'none' };
      state.loading = true;
    },
    submitSucceeded(state) {
      state.loading = false;
      state.values = EMPTY_CONTACT_FORM;
      state.status = { type: 'success', message: CONTACT_FORM_MESSAGES.success };
    },
    submitFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.status = { type: 'error', message: action.payload };
    },
  },
  selectors: {
    selectContactValues: (state) => state.values,
    selectContactStatus: (state) => state.status,
    selectContactLoading: (state) => state.loading,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof contactUsSlice> {}
}

/** Injected into the page's one store when the contact remote's code loads. */
export const injectedContactUsSlice = contactUsSlice.injectInto(rootReducer);
export const { selectContactValues, selectContactStatus, selectContactLoading } = injectedContactUsSlice.selectors;
export const { fieldChanged } = contactUsSlice.actions;
const { validationFailed, submitStarted, submitSucceeded, submitFailed } = contactUsSlice.actions;

/** The address named in the failure text: the chosen branch's, or the general one. */
export function failureEmailFor(country: string): string {
  return branches.find((branch) => branch.name === country)?.email ?? company.generalEmail;
}

/** The body of POST /api/send-contact-form: the form without the human check. */
export function contactPayload(values: ContactFormValues) {
  const { answer: _answer, ...payload } = values;
  return payload;
}

/**
 * Submit: the spec's checks in order (first failure shown, nothing sent); then clear the status,
 * show loading and post. Success clears every field; a non-ok answer or a network error keeps them.
 */
export const submitContactForm = () => async (dispatch: AppDispatch, getState: () => RootState) => {
  const values = selectContactValues(getState());
  const problem = validateContactForm(values);
  if (problem !== null) {
    dispatch(validationFailed(problem));
    return;
  }
  dispatch(submitStarted());
  const failure = contactFailureMessage(failureEmailFor(values.country));
  try {
    const response = await fetch(CONTACT_FORM_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(contactPayload(values)),
    });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      const reason = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : `HTTP ${response.status}`;
      console.error(`The contact form was not accepted: ${reason}`);
      dispatch(submitFailed(failure));
      return;
    }
    dispatch(submitSucceeded());
  } catch (error) {
    console.error('The contact form could not be sent:', error);
    dispatch(submitFailed(failure));
  }
};
