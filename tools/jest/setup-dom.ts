import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { setViewportWidth } from './viewport';

// findBy… and waitFor give a page up to 5 s (Testing Library's default is 1 s): one role query over a whole page takes
// a few hundred milliseconds in jsdom on a loaded 2-core machine, and 3 s was seen running out there (the shell's
// route table, its remote's failure drawn). A passing wait ends when its element shows, so this costs nothing.
configure({ asyncUtilTimeout: 5000 });
// Whole pages drawn in jsdom and found by role take up to 5 s a test there (jest's default limit): 15 s.
jest.setTimeout(15_000);

// Tests start on a desktop screen unless they say otherwise.
beforeEach(() => setViewportWidth(1280));
// A page's language and direction (renderInSite sets them) do not carry over to the next test.
afterEach(() => {
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

// jest-fixed-jsdom puts Node's FormData in the page (for MSW's requests), which takes no form. React builds one from a
// form whose submit handler starts a transition (a router navigation: the results page's search): as the browser's
// does, this one reads the form's named fields (a disabled one, an unticked box and a button's value are not sent).
const NodeFormData = globalThis.FormData;
const UNSENT_INPUTS = new Set(['submit', 'button', 'reset', 'image', 'file']);
class FormDataOfForm extends NodeFormData {
  constructor(form?: HTMLFormElement) {
    super();
    for (const field of Array.from(form?.elements ?? [])) {
      if (
        !(
          field instanceof HTMLInputElement ||
          field instanceof HTMLSelectElement ||
          field instanceof HTMLTextAreaElement
        ) ||
        field.name === '' ||
        field.disabled
      )
        continue;
      if (
        field instanceof HTMLInputElement &&
        (UNSENT_INPUTS.has(field.type) || ((field.type === 'checkbox' || field.type === 'radio') && !field.checked))
      )
        continue;
      this.append(field.name, field.value);
    }
  }
}
globalThis.FormData = FormDataOfForm;
