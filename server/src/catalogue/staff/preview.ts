// The staff preview of a product's draft: /staff/preview/products/:id (and /staff/preview/ar/products/:id), the real
// product page drawn with the draft's content, for the catalogue role and admins only.
//
// How: the server renders the product page's first view exactly as it renders the public page (the shell's and the
// catalogue remote's server-render modules, ssr/firstView.ts), with a catalogue API of this request's own that answers
// the product with its draft, and sends it with no script (CSP `script-src 'none'`). Why not hydrate it: the public
// app's router does not know /staff/preview/…, and hydrating at the public address would load the live product over
// the draft. The HTML is the real component's rendering, and nothing in the browser can replace it.
//
// Never public: the session is checked on every request (signed out: 401 with a link to the staff sign-in; a role
// that may not edit the catalogue: 403), a cross-site request is refused whatever its cookies, and the page is
// `no-store`, `noindex` (header and meta), outside the page cache, the sitemap and search (none of them reads drafts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { Locale } from '@site/contracts/locale';
import { localizedPath } from '@site/contracts/locale';
import { productPath } from '@site/contracts/paths';
import {
  canEditCatalogue,
  STAFF_BASE,
  STAFF_PREVIEW_PATTERNS,
  staffPreviewPath,
  type StaffAccountSummary,
} from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { isCrossSite } from '../../platform/http/crossSite.js';
import { escapeHtml } from '../../platform/http/escape.js';
import type { CatalogueApiReader } from '../../pages/index.js';
import { recordsOfRow } from '../file/catalogueImport.js';
import { mayBeProductId } from '../records.js';
import { EditorError } from './errors.js';
import { rowsOfContent } from './content.js';
import { readEditorProduct } from './editorStore.js';

/** Said by the header and by the page's robots meta. */
const PREVIEW_ROBOTS = 'noindex, nofollow';

/**
 * No script at all (the page is the server's rendering, nothing hydrates it); the site's own styles, pictures and
 * fonts; inline styles (styled-components' <style> elements: harmless without scripts); framed only by this site (the
 * editor's preview panel); no forms or fetches.
 */
export const PREVIEW_CSP =
  "default-src 'none'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; " +
  "frame-ancestors 'self'; form-action 'none'; base-uri 'none'; object-src 'none'";

/** Draws the public page at `pathname` with `catalogueApi` (pages/shellResponder.ts createShellResponder's preview). */
export type PreviewRenderer = (
  pathname: string,
  catalogueApi: CatalogueApiReader,
  banner: string,
  title: string,
) => Promise<string | undefined>;

export interface PreviewRoutesOptions {
  db: Kysely<DatabaseSchema>;
  /**
   * The account of the request's staff session, if it has an active one (the staff feature's sessions, read from its
   * cookie under the API's settings): passed in by the staff feature, which registers these pages.
   */
  signedInAccount: (request: FastifyRequest) => Promise<StaffAccountSummary | undefined>;
  /** The staff app's origin (platform/http/staffSurface.ts); unset: the request's own. */
  staffOrigin: (() => string | undefined) | undefined;
  render: PreviewRenderer;
}

const TEXTS = {
  en: {
    banner: 'Preview of the draft: not published. Only staff can open this page.',
    noDraft: 'No draft is pending: this is the published content.',
    other: 'العربية',
    title: (name: string) => `Preview: ${name}`,
    signIn: 'Sign in to the staff app to preview the catalogue.',
    signInLink: 'Staff sign-in',
    forbidden: 'Only the catalogue role and administrators can preview the catalogue.',
    crossSite: 'This preview opens only from the site itself.',
    notFound: 'There is no such product.',
    problems: 'This draft cannot be drawn as the page would be:',
    notBuilt:
      'The preview cannot be drawn on this server right now (the site is not built, or server rendering is off).',
  },
  ar: {
    banner: 'معاينة المسودة: غير منشورة. لا يفتح هذه الصفحة إلا الموظفون.',
    noDraft: 'لا توجد مسودة معلّقة: هذا هو المحتوى المنشور.',
    other: 'English',
    title: (name: string) => `معاينة: ${name}`,
    signIn: 'سجّل الدخول إلى تطبيق الموظفين لمعاينة الكتالوج.',
    signInLink: 'دخول الموظفين',
    forbidden: 'لا تتاح معاينة الكتالوج إلا لدور الكتالوج وللمسؤولين.',
    crossSite: 'لا تُفتح هذه المعاينة إلا من الموقع نفسه.',
    notFound: 'لا يوجد منتج بهذا المعرّف.',
    problems: 'لا يمكن عرض هذه المسودة كما ستظهر الصفحة:',
    notBuilt: 'تتعذّر المعاينة على هذا الخادم الآن (الموقع غير مبني، أو العرض على الخادم متوقف).',
  },
} as const;

const localeOfUrl = (url: string): Locale => (url.startsWith(`${STAFF_BASE}/preview/ar/`) ? 'ar' : 'en');

/** A small page of its own for a refusal or a problem (no script, the preview's headers). */
function messagePage(locale: Locale, message: string, extra = ''): string {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="robots" content="${PREVIEW_ROBOTS}"><title>${escapeHtml(message)}</title></head><body><main><p>${escapeHtml(message)}</p>${extra}</main></body></html>`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', PREVIEW_ROBOTS)
    .header('content-security-policy', PREVIEW_CSP)
    .header('content-type', 'text/html; charset=utf-8')
    .send(html);
}

export async function previewRoutes(app: FastifyInstance, options: PreviewRoutesOptions): Promise<void> {
  async function sendPreview(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const locale = localeOfUrl(request.url);
    const text = TEXTS[locale];
    // a link from another site (or a page of it framing this) gets nothing, signed in or not
    if (isCrossSite(request, options.staffOrigin?.())) return send(reply, 403, messagePage(locale, text.crossSite));
    const account = await options.signedInAccount(request);
    if (account === undefined) {
      return send(
        reply,
        401,
        messagePage(locale, text.signIn, `<p><a href="${STAFF_BASE}">${escapeHtml(text.signInLink)}</a></p>`),
      );
    }
    if (!canEditCatalogue(account)) return send(reply, 403, messagePage(locale, text.forbidden));

    const { id } = request.params;
    if (!mayBeProductId(id)) return send(reply, 404, messagePage(locale, text.notFound));
    const product = await readEditorProduct(options.db, id).catch((error: unknown) => {
      if (error instanceof EditorError && error.statusCode === 404) return undefined;
      throw error;
    });
    if (product === undefined) return send(reply, 404, messagePage(locale, text.notFound));
    const content = product.draft?.content ?? product.published;
    const records = await recordsOfRow(options.db, rowsOfContent(id, content), locale);
    if ('problems' in records) {
      const list = `<ul>${records.problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')}</ul>`;
      return send(reply, 422, messagePage(locale, text.problems, list));
    }

    // This request's catalogue API: the product's own address answers its draft; nothing else is read.
    const productApi = catalogueProductApiPath(id);
    const catalogueApi: CatalogueApiReader = {
      get: async (href) => {
        const path = href.split('?')[0];
        return path === productApi
          ? { status: 200, body: { product: records.product, listing: records.listing, variants: records.variants } }
          : { status: 404, body: { error: 'Not found' } };
      },
      version: () => 0,
    };
    const other: Locale = locale === 'ar' ? 'en' : 'ar';
    const banner =
      `<div role="note" lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}" style="background:#fff4ce;color:#1f1f1f;border-bottom:2px solid #c8a400;padding:8px 16px;font:600 15px/1.5 sans-serif">` +
      `${escapeHtml(product.draft === null ? text.noDraft : text.banner)} ` +
      `<a href="${escapeHtml(staffPreviewPath(id, other))}" lang="${other}" style="color:#0b4fa0">${escapeHtml(text.other)}</a></div>`;
    const pathname = localizedPath(locale, productPath(records.listing.productCategoryId, id));
    const html = await options.render(pathname, catalogueApi, banner, text.title(records.product.productName));
    if (html === undefined) return send(reply, 503, messagePage(locale, text.notBuilt));
    return send(reply, 200, html);
  }

  for (const pattern of STAFF_PREVIEW_PATTERNS) app.get<{ Params: { id: string } }>(pattern, sendPreview);
}
