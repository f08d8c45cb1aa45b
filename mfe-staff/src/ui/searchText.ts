// The staff pages' filter forms, whose text their address's query keeps (useAddressQuery, shared-ui).

/** The text of a filter form's search box (its field named `q`), as sent. */
export function searchText(form: HTMLFormElement): string {
  const field = form.elements.namedItem('q');
  return field instanceof HTMLInputElement ? field.value : '';
}
