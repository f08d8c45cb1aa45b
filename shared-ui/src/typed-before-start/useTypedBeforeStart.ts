import { useLayoutEffect, type RefObject } from 'react';

/** The controls of `form` named as `values`' fields whose value differs from it: what was typed into them. */
export function typedValues<Values extends Record<string, string>>(
  form: HTMLFormElement,
  values: Values,
): Partial<Values> {
  const typed: Partial<Record<string, string>> = {};
  for (const [field, value] of Object.entries(values)) {
    const control = form.elements.namedItem(field);
    const isControl =
      control instanceof HTMLInputElement ||
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLSelectElement;
    if (isControl && control.value !== value) typed[field] = control.value;
  }
  return typed as Partial<Values>;
}

/**
 * What a visitor typed into a server-drawn form before the page's scripts started (the form works without them):
 * hydration leaves it on screen but not in the component's state, and the next render would write the state over it.
 * `takeIn` is given it once, as the form is first drawn in the browser (a layout effect: before any later render).
 */
export function useTypedBeforeStart<Values extends Record<string, string>>(
  formRef: RefObject<HTMLFormElement | null>,
  values: Values,
  takeIn: (typed: Partial<Values>) => void,
): void {
  useLayoutEffect(() => {
    const typed = formRef.current === null ? {} : typedValues(formRef.current, values);
    if (Object.keys(typed).length > 0) takeIn(typed);
    // once, at the first drawing: afterwards the controls show the state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
