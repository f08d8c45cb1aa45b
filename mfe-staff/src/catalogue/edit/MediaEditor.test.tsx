import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requestsSent, server } from '@test/msw';
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import { PICTURE_MAX_BYTES } from '@site/contracts/staff-catalogue-api';
import { http } from '../../testing/contractHttp';
import { fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from '../../testing/handlers';
import {
  CATALOGUE_EDITOR,
  catalogueHandlers,
  fakeCatalogue,
  glandContent,
  UPLOAD_REFUSALS,
  type FakeCatalogue,
} from '../../testing/catalogueHandlers';
import { File as NodeFile } from 'node:buffer';
import { draftBodies, EDITED_ID, openEditor } from '../../testing/productEditor';
import { thumbnailOf, tooLargeSentence } from './MediaEditor';

let fake: FakeStaffServer;
let catalogue: FakeCatalogue;
/** The headers of each upload request, as they reached the fake server. */
let uploadHeaders: Headers[];
beforeEach(() => {
  fake = fakeStaffServer({ session: sessionOf(CATALOGUE_EDITOR) });
  catalogue = fakeCatalogue(1);
  uploadHeaders = [];
  server.use(...staffHandlers(fake), ...catalogueHandlers(catalogue, () => fake.session));
  server.events.on('request:start', recordUpload);
});
afterEach(() => server.events.removeListener('request:start', recordUpload));

function recordUpload({ request }: { request: Request }) {
  if (request.method === 'POST' && /\/(pictures|datasheets)$/.test(new URL(request.url).pathname))
    uploadHeaders.push(request.headers);
}

const ID = EDITED_ID;
const PICTURES = `POST ${staffApiPath(STAFF_API.cataloguePictures, { id: ID })}`;
const DATASHEETS = `POST ${staffApiPath(STAFF_API.catalogueDatasheets, { id: ID })}`;
const HASH = /^\/media\/catalogue\/hex_cw_brass_cable_gland\/[a-f0-9]{64}$/;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
/**
 * A chosen file. Node's File, as the tests' FormData and fetch are Node's (jest-fixed-jsdom) and take no jsdom File;
 * a browser's input hands the browser's own.
 */
const file = (parts: (string | Uint8Array)[], name: string, type: string) =>
  new NodeFile(parts, name, { type }) as unknown as File;
const pngFile = (name = 'gland.png') => file([PNG], name, 'image/png');

const media = () => within(screen.getByRole('region', { name: 'Pictures and datasheets' }));
const pictureInput = () => media().getByLabelText('Upload a picture');
const datasheetInput = () => media().getByLabelText('Upload a datasheet');
const choose = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

describe('the picture and datasheet section', () => {
  it('uploads a picture and a datasheet at once, shows them, and Save draft sends them in both languages', async () => {
    await openEditor();
    expect(pictureInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
    expect(datasheetInput()).toHaveAttribute('accept', 'application/pdf');
    expect(media().getByText('No uploaded picture.')).toBeInTheDocument();

    // the answer held until the test has seen the upload under way (then the fake server's own answers it)
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(http.post(STAFF_API.cataloguePictures, () => held.then(() => undefined), { once: true }));
    choose(pictureInput(), pngFile());
    // while it travels: said in the live region, and the input is off
    expect(await media().findByText('Uploading the picture…')).toBeInTheDocument();
    expect(pictureInput()).toBeDisabled();
    answer();
    expect(await media().findByText('Uploaded. Save the draft to keep it.')).toHaveAttribute('role', 'status');
    expect(pictureInput()).toBeEnabled();
    const img = media().getByRole('img', { name: 'CW Brass Cable Gland' });
    expect(img.getAttribute('src')).toMatch(/^\/media\/catalogue\/hex_cw_brass_cable_gland\/[a-f0-9]{64}-320\.webp$/);
    expect(screen.getByText('Unsaved changes: save the draft before publishing.')).toBeInTheDocument();

    choose(datasheetInput(), file([PDF], 'sheet.pdf', 'application/pdf'));
    const link = await media().findByRole('link', { name: 'Datasheet (PDF, download)' });
    expect(link.getAttribute('href')).toMatch(/^\/media\/catalogue\/hex_cw_brass_cable_gland\/[a-f0-9]{64}\.pdf$/);

    // each upload: multipart with the CSRF token, the boundary set by fetch
    expect(requestsSent().filter((request) => request === PICTURES || request === DATASHEETS)).toEqual([
      PICTURES,
      DATASHEETS,
    ]);
    for (const headers of uploadHeaders) {
      // (the fake refuses a wrong one with 403, so the uploads' success says it was the session's)
      expect(headers.get(CSRF_HEADER)).toBeTruthy();
      expect(headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    }

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
    const [sent] = await draftBodies();
    // the gallery's first picture, its alt texts the product's names to start from, in each language's document
    const [picture] = sent?.content.details.gallery as { src: string; widths: number[]; alt: string }[];
    expect(picture?.src).toMatch(HASH);
    expect(picture?.widths).toEqual([320, 640, 1280]);
    expect(picture?.alt).toBe(glandContent().productName);
    expect(sent?.content.details_ar.gallery).toEqual([{ ...picture, alt: glandContent().productName_ar }]);
    expect(sent?.content.details.datasheet).toBe(link.getAttribute('href'));
    expect(sent?.content.details_ar.datasheet).toBe(link.getAttribute('href'));
    // the rest of the documents travel untouched
    expect(sent?.content.details.description).toEqual(glandContent().details.description);
  });

  it('shows the server’s sentence for a refused file (415) and changes nothing', async () => {
    await openEditor();
    choose(pictureInput(), file(['<svg onload="alert(1)"/>'], 'evil.png', 'image/png'));
    expect(await media().findByRole('alert')).toHaveTextContent(UPLOAD_REFUSALS.notPicture);
    expect(requestsSent()).toContain(PICTURES);
    expect(media().queryByRole('img')).not.toBeInTheDocument();
    expect(media().getByText('No uploaded picture.')).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes: save the draft before publishing.')).not.toBeInTheDocument();
    expect(pictureInput()).toBeEnabled();

    choose(datasheetInput(), pngFile('sheet.pdf'));
    expect(await screen.findByText(UPLOAD_REFUSALS.notPdf)).toHaveAttribute('role', 'alert');
    expect(media().queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes: save the draft before publishing.')).not.toBeInTheDocument();
  });

  it('refuses a file over the size limit before sending it', async () => {
    await openEditor();
    const big = pngFile('huge.png');
    Object.defineProperty(big, 'size', { value: PICTURE_MAX_BYTES + 1 });
    choose(pictureInput(), big);
    expect(await media().findByRole('alert')).toHaveTextContent(tooLargeSentence('picture'));
    expect(tooLargeSentence('picture')).toBe('The picture is too large: at most 10 MB is taken. Nothing was sent.');
    expect(requestsSent()).not.toContain(PICTURES);
    expect(media().queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes: save the draft before publishing.')).not.toBeInTheDocument();
  });

  it('shows the current picture and datasheet; Remove clears them in both languages', async () => {
    const picture = { src: `/media/catalogue/${ID}/${'b'.repeat(64)}`, widths: [320, 640] };
    const datasheet = `/media/catalogue/${ID}/${'c'.repeat(64)}.pdf`;
    const base = glandContent();
    catalogue.products[0]!.product.published = {
      ...base,
      details: { ...base.details, picture, datasheet },
      details_ar: { ...base.details_ar, picture, datasheet },
    };
    await openEditor();
    expect(media().getByRole('img', { name: 'CW Brass Cable Gland' })).toHaveAttribute(
      'src',
      `${picture.src}-320.webp`,
    );
    expect(media().getByRole('link', { name: 'Datasheet (PDF, download)' })).toHaveAttribute('href', datasheet);

    // the older single picture is the gallery's first
    fireEvent.click(media().getByRole('button', { name: 'Remove picture 1' }));
    expect(media().queryByRole('img')).not.toBeInTheDocument();
    expect(media().getByText('The picture is removed. Save the draft to keep the change.')).toHaveAttribute(
      'role',
      'status',
    );
    fireEvent.click(media().getByRole('button', { name: 'Remove the datasheet' }));
    expect(media().queryByRole('link')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(async () => expect(await draftBodies()).toHaveLength(1));
    const [sent] = await draftBodies();
    for (const details of [sent!.content.details, sent!.content.details_ar]) {
      expect(details).not.toHaveProperty('picture');
      expect(details).not.toHaveProperty('gallery');
      expect(details).not.toHaveProperty('datasheet');
    }
    expect(sent?.content.details.companyImg).toEqual(['/images/brands/hex.svg']);
  });

  it('shows the one variant of a picture narrower than 320 px', () => {
    expect(thumbnailOf({ src: '/media/catalogue/x/h', widths: [200] })).toBe('/media/catalogue/x/h-200.webp');
    expect(thumbnailOf({ src: '/media/catalogue/x/h', widths: [320, 640, 1280] })).toBe(
      '/media/catalogue/x/h-320.webp',
    );
  });
});
