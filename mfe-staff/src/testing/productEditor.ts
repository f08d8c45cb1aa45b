// The edit page's tests: the product they open (the fake catalogue's first) and the drafts they sent.
import { screen } from '@testing-library/react';
import { requestsSentWithBodies } from '@test/msw';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { renderStaffApp } from './renderStaff';

export const EDITED_ID = 'hex_cw_brass_cable_gland';

/** The bodies of the drafts saved for the edited product, in order. */
export const draftBodies = async () =>
  (await requestsSentWithBodies())
    .filter(({ request }) => request === `PUT ${staffApiPath(STAFF_API.catalogueDraft, { id: EDITED_ID })}`)
    .map(({ body }) => body as { baseVersion: number; content: EditableProduct });

/** Opens the edited product's page and waits for its heading (`props`: the host's, as renderStaffApp takes them). */
export async function openEditor(props: Parameters<typeof renderStaffApp>[1] = {}): Promise<void> {
  renderStaffApp(`/catalogue/${EDITED_ID}`, props);
  await screen.findByRole('heading', { level: 1, name: 'Edit: CW Brass Cable Gland' });
}
