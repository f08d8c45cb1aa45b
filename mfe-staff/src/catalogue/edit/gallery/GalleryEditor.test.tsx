import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { server } from '@test/msw';
import { File as NodeFile } from 'node:buffer';
import { fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from '../../../testing/handlers';
import { CATALOGUE_EDITOR, catalogueHandlers, fakeCatalogue, glandContent } from '../../../testing/catalogueHandlers';
import { draftBodies, openEditor } from '../../../testing/productEditor';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer({ session: sessionOf(CATALOGUE_EDITOR) });
  server.use(...staffHandlers(fake), ...catalogueHandlers(fakeCatalogue(1), () => fake.session));
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
// Node's File: the tests' FormData and fetch are Node's (jest-fixed-jsdom)
const file = (bytes: Uint8Array, name: string, type: string) =>
  new NodeFile([bytes], name, { type }) as unknown as File;
const media = () => within(screen.getByRole('region', { name: 'Pictures and datasheets' }));
const choose = (input: HTMLElement, chosen: File) => fireEvent.change(input, { target: { files: [chosen] } });
const pictures = () => within(media().getByRole('list', { name: 'Pictures in order' }));
const picture = (n: number) => within(pictures().getByRole('group', { name: `Picture ${n}` }));

async function addPicture(count: number) {
  choose(media().getByLabelText('Upload a picture'), file(PNG, 'gland.png', 'image/png'));
  await waitFor(() => expect(pictures().getAllByRole('group')).toHaveLength(count));
}

describe('the gallery', () => {
  it('adds pictures at the end, takes their alt texts in both languages, reorders and removes them', async () => {
    await openEditor();
    await addPicture(1);
    await addPicture(2);
    await addPicture(3);
    const [first, second, third] = pictures()
      .getAllByRole('img')
      .map((img) => img.getAttribute('src'));
    // each starts with the product's names as its alt texts, the Arabic one right to left
    expect(picture(2).getByLabelText('Alt text (English)')).toHaveValue(glandContent().productName);
    expect(picture(2).getByLabelText('Alt text (Arabic)')).toHaveAttribute('dir', 'rtl');
    fireEvent.change(picture(2).getByLabelText('Alt text (English)'), { target: { value: 'From the side' } });
    fireEvent.change(picture(2).getByLabelText('Alt text (Arabic)'), { target: { value: 'منظر جانبي' } });
    // the second moved up becomes the lead; the third removed
    fireEvent.click(picture(2).getByRole('button', { name: 'Move picture 2 up' }));
    expect(picture(1).getByLabelText('Alt text (English)')).toHaveValue('From the side');
    fireEvent.click(picture(3).getByRole('button', { name: 'Remove picture 3' }));
    expect(pictures().getAllByRole('group')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
    const [sent] = await draftBodies();
    const src = (thumbnail: string | null | undefined) => thumbnail?.replace(/-320\.webp$/, '');
    const widths = [320, 640, 1280];
    expect(sent?.content.details.gallery).toEqual([
      { src: src(second), widths, alt: 'From the side' },
      { src: src(first), widths, alt: glandContent().productName },
    ]);
    expect(sent?.content.details_ar.gallery).toEqual([
      { src: src(second), widths, alt: 'منظر جانبي' },
      { src: src(first), widths, alt: glandContent().productName_ar },
    ]);
    expect(JSON.stringify(sent)).not.toContain(src(third));
  });

  it('shows a missing alt text refused by the server at its picture', async () => {
    await openEditor();
    await addPicture(1);
    fireEvent.change(picture(1).getByLabelText('Alt text (Arabic)'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await picture(1).findByText(
        'details_ar: gallery.0.alt: the alt text is missing: say in words what the picture shows',
      ),
    ).toBeInTheDocument();
    expect(picture(1).getByLabelText('Alt text (Arabic)')).toHaveAttribute('aria-invalid', 'true');
  });

  it("uploads a variant's own picture and datasheet into both documents by its code (a product of one: its code)", async () => {
    await openEditor();
    const size = within(media().getByRole('group', { name: 'CW-20S' }));
    choose(size.getByLabelText('Upload CW-20S’s own picture'), file(PNG, 'size20s.png', 'image/png'));
    expect(await size.findByRole('img', { name: 'CW-20S' })).toBeInTheDocument();
    choose(size.getByLabelText('Upload CW-20S’s own datasheet'), file(PDF, 'size20s.pdf', 'application/pdf'));
    const link = await size.findByRole('link', { name: 'Datasheet of CW-20S (PDF, download)' });

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. Publish it to show it in the catalogue.')).toBeInTheDocument();
    const [sent] = await draftBodies();
    const media25 = {
      code: 'CW-20S',
      picture: {
        src: expect.stringMatching(/^\/media\/catalogue\/hex_cw_brass_cable_gland\/[a-f0-9]{64}$/),
        widths: [320, 640, 1280],
      },
      datasheet: link.getAttribute('href'),
    };
    expect(sent?.content.details.variantMedia).toEqual([media25]);
    expect(sent?.content.details_ar.variantMedia).toEqual([media25]);
    // removed again: gone from both
    fireEvent.click(size.getByRole('button', { name: 'Remove the picture of CW-20S' }));
    fireEvent.click(size.getByRole('button', { name: 'Remove the datasheet of CW-20S' }));
    expect(size.queryByRole('img')).not.toBeInTheDocument();
  });
});
