// The catalogue feature as the one Fastify plugin app.ts registers: its API (/api/catalogue/...) and the catalogue
// editor's uploads, served to anyone at CATALOGUE_MEDIA_PREFIX and swept while the app runs.
// fastify-plugin adds no scope of its own: see ../submissions/plugin.ts for why; here it also puts the sweep's hooks on
// the app itself (its first sweep once the app is ready, its timer stopped when the app closes).
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { catalogueRoutes, type CatalogueRoutesOptions } from './catalogueRoutes.js';
import { catalogueMediaRoutes } from './media/mediaRoutes.js';
import type { DiskMediaStore } from './media/mediaStore.js';
import { sweepUnusedMedia, UNUSED_MEDIA_SWEEP_MS } from './media/unusedMedia.js';

export interface CataloguePluginOptions extends CatalogueRoutesOptions {
  /** The catalogue editor's uploads (DATA_DIR/catalogue-media), which the staff feature writes. */
  media: DiskMediaStore;
  /** The database the sweep asks which uploads a row still names. */
  db: Kysely<DatabaseSchema>;
}

const catalogue: FastifyPluginAsync<CataloguePluginOptions> = async (
  app,
  { store, lookup, currentRate, media, db },
) => {
  void app.register(catalogueRoutes, { store, lookup, currentRate });
  const swept = await media.sweepTemp();
  if (swept > 0) app.log.warn(`removed ${swept} temp file(s) of catalogue uploads that never finished`);
  // uploads no row names any more, older than a day: at each start, then every few hours (unusedMedia.ts says why)
  const sweep = () => sweepMedia(db, media, app.log);
  app.addHook('onReady', async () => {
    void sweep();
  });
  const timer = setInterval(() => void sweep(), UNUSED_MEDIA_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  void app.register(catalogueMediaRoutes, { store: media });
};

/** One sweep of unused uploads, which never fails: what it removed or why it could not, logged. */
const sweepMedia = (db: Kysely<DatabaseSchema>, media: DiskMediaStore, log: FastifyBaseLogger): Promise<void> =>
  sweepUnusedMedia(db, media).then(
    (removed) => {
      if (removed > 0) log.info(`removed ${removed} catalogue upload(s) that nothing refers to`);
    },
    (error: unknown) => log.warn({ err: error }, 'the sweep of unused catalogue uploads failed; it runs again later'),
  );

export const cataloguePlugin = fastifyPlugin(catalogue, { fastify: '5.x', name: 'site-catalogue' });
