// The API contracts are zod schemas the server registers on its routes; the browser takes their types only
// (`import type`) and the addresses of api.ts. Bundled as webpack would for the browser, no file of the remotes that
// makes these calls may pull in zod or a schema module.
import { buildSync } from 'esbuild';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..');

/** The inputs of `entry`'s browser bundle that only the server may have: zod, and the contracts' schema modules. */
function serverOnlyInputs(entry: string): string[] {
  const { metafile } = buildSync({
    entryPoints: [join(repo, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs).filter((input) =>
    /node_modules\/zod\/|contracts\/src\/(formsApi|quoteApi|reviewsApi|chatApi|textField|staffCatalogueApi|catalogueApi|staffApiSchemas|releasesApiSchemas|quotationsApiSchemas)\.ts$|^node:/.test(
      input,
    ),
  );
}

describe('browser bundles of the API calls', () => {
  it.each([
    'contracts/src/api.ts',
    'contracts/src/paths.ts',
    'mfe-contact/src/message-form/contactMessage.ts',
    'mfe-contact/src/quote-request/quoteRequest.ts',
    'mfe-chat/src/welcome/registerVisitor.ts',
    'mfe-chat/src/inquiry/sendInquiry.ts',
    'mfe-chat/src/assistant/askAssistant.ts',
    'mfe-catalogue/src/reviews/reviewsApi.ts',
    'shell/src/remotes/siteRemotesPlugin.ts',
    'mfe-staff/src/session/sessionSlice.ts',
    'mfe-staff/src/api/staffApi.ts',
    'mfe-staff/src/item/itemApi.ts',
    'mfe-staff/src/inbox/inboxApi.ts',
    'mfe-staff/src/inbox/InboxFilters.tsx',
    'mfe-staff/src/reviews/reviewsApi.ts',
    'mfe-staff/src/catalogue/catalogueCalls.ts',
    'mfe-staff/src/releases/RegisterForm.tsx',
    'mfe-staff/src/releases/CanaryForm.tsx',
    'mfe-staff/src/releases/RecordRunForm.tsx',
    'mfe-staff/src/releases/TokensSection.tsx',
    'mfe-staff/src/quotation/quotationApi.ts',
    'mfe-staff/src/quotation/QuotationPage.tsx',
  ])('%s takes no zod and no schema module', (entry) => {
    expect(serverOnlyInputs(entry)).toEqual([]);
  });

  it.each([
    'contracts/src/formsApi.ts',
    'contracts/src/quoteApi.ts',
    'contracts/src/staffApiSchemas.ts',
    'contracts/src/releasesApiSchemas.ts',
    'contracts/src/quotationsApiSchemas.ts',
  ])('would see zod where %s is bundled (the check can fail)', (entry) => {
    expect(serverOnlyInputs(entry)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/node_modules\/zod\//),
        expect.stringMatching(/src\/textField\.ts$/),
      ]),
    );
  });
});
