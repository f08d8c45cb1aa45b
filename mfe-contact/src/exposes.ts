// The contact remote's public surface: each module webpack.config.cjs exposes, by expose name, with its type. The shell
// type-checks what it loads from this remote against this map (`import type` from '@site/mfe-contact/exposes', see
// shell/src/remotes/remoteExposes.ts). Lists the same modules as `exposes` in webpack.config.cjs (a shell test checks it).
export type ContactExposes = {
  './ContactPage': typeof import('./contact/ContactPage');
  './QuoteRequestPage': typeof import('./quote-request/QuoteRequestPage');
  './Quotation': typeof import('./quotation-link/QuotationLinkPage');
};
