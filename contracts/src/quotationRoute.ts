// The buyer's quotation page (/quotation/<token>, /ar/quotation/<token>): a route kept out of the site's table
// (routes.ts). That table is in every page's first view, and this page is only ever opened from a sent quotation's
// mail: the server answers its address itself (server/src/quotations/link/linkPage.ts: drawn with the buyer's
// quotation, never kept) and the shell draws it from its catch-all route (shell/src/routes/routeTable.tsx), so the
// other pages carry one short branch of it, not this row.
import type { FactsPageRoute } from './routes';
import { QUOTATION_LINK_PAGE } from './quotationLinkApi';

export const quotationRoute = {
  path: QUOTATION_LINK_PAGE.slice(1),
  remote: 'contact',
  modulePath: './Quotation',
  title: 'Quotation',
  titleAr: 'عرض السعر',
  kind: 'company',
  // one buyer's quotation by its secret token: never indexed, no canonical or alternates (they would name the token
  // to nobody's gain), its data never preloaded (a hint would name it too)
  index: false,
} as const satisfies FactsPageRoute;

/** The page's description in its head, in each edition. */
export const quotationDescription = {
  en: 'Your quotation: its lines, totals and validity; accept it or ask for changes.',
  ar: 'عرض السعر المقدَّم إليكم: بنوده وإجمالياته ومدة سريانه، مع إمكانية قبوله أو طلب تعديله.',
} as const;
