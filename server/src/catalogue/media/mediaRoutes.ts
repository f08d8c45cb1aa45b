// The catalogue editor's uploads, served to anyone: GET CATALOGUE_MEDIA_PREFIX/<product id>/<file>. Only names the
// store makes are answered (a 404 for anything else, so no path of a request's reaches the disk); a name is its
// content's hash, so an answer never changes and is kept for a year.
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_MEDIA_PREFIX } from '@site/contracts/staff-catalogue-api';
import { isMediaKey, type MediaStore } from './mediaStore.js';

const CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', pdf: 'application/pdf' };

export interface MediaRoutesOptions {
  store: MediaStore;
}

export async function catalogueMediaRoutes(app: FastifyInstance, { store }: MediaRoutesOptions): Promise<void> {
  app.get<{ Params: { product: string; file: string } }>(
    `${CATALOGUE_MEDIA_PREFIX}/:product/:file`,
    async (request, reply) => {
      const key = { productId: request.params.product, name: request.params.file };
      const stored = isMediaKey(key) ? await store.open(key) : undefined;
      if (stored === undefined) return reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' });
      const extension = key.name.slice(key.name.lastIndexOf('.') + 1);
      reply
        .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('content-length', stored.bytes)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline');
      if (extension === 'pdf') {
        // An uploaded PDF is only checked for its structure: it may hold JavaScript or forms. Opened on this origin it
        // would run with the site's cookies, so it is a download (named after the product, whose id is [A-Za-z0-9_-],
        // never the uploader's name), and a browser that shows it anyway shows it sandboxed: an origin of its own, no script.
        reply
          .header('content-disposition', `attachment; filename="${key.productId}-datasheet.pdf"`)
          .header('content-security-policy', 'sandbox');
      }
      return reply.send(stored.stream);
    },
  );
  // any other address under the prefix: not there (never the site's page shell)
  app.all(`${CATALOGUE_MEDIA_PREFIX}/*`, async (_request, reply) =>
    reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' }),
  );
}
