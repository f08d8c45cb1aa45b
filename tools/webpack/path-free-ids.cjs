// Webpack's deterministic module ids hash each module's name, and a few names hold absolute paths: Module Federation's
// runtime entry (node_modules/.federation/entry.<hash of absolute paths>.js) and its shared-module providers
// ("provide module (default) @site/shared-ui@1.0.0 = /checkout/shared-ui/src/index.ts"). A checkout in another folder
// then built other ids, and by their conflicts others again: other bytes and gzip sizes (tens of bytes, enough to
// cross a first-view budget). This plugin gives those modules their ids first, from their names with the checkout's
// folder taken out; webpack's own plugin then hands out the rest around them.
const path = require('node:path');
// webpack's own helpers, so ids keep webpack's form and spread (webpack is pinned: TOOLCHAIN in the README).
const { assignDeterministicIds, getFullModuleName } = require('webpack/lib/ids/IdHelpers');

const PLUGIN_NAME = 'PathFreeModuleIdsPlugin';
const FEDERATION_ENTRY = /[\\/]\.federation[\\/]entry\.[0-9a-f]+\.js(\|[0-9a-f]+)?/g;

class PathFreeModuleIdsPlugin {
  /** @param {{ checkout?: string }} [options] the folder whose name is taken out (this checkout's, by default) */
  constructor({ checkout = path.resolve(__dirname, '..', '..') } = {}) {
    this.checkout = checkout;
  }

  /** @param {string} name */
  pathFree(name) {
    return name.split(this.checkout).join('<checkout>').replace(FEDERATION_ENTRY, '/.federation/entry');
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN_NAME, (compilation) => {
      // Before DeterministicModuleIdsPlugin (stage 0), which keeps ids already given and steps around them.
      compilation.hooks.moduleIds.tap({ name: PLUGIN_NAME, stage: -10 }, (modules) => {
        const { chunkGraph } = compilation;
        const needing = [...modules].filter(
          (module) =>
            module.needId && chunkGraph.getModuleId(module) === null && chunkGraph.getNumberOfModuleChunks(module) > 0,
        );
        /** @type {Map<import('webpack').Module, string>} */
        const names = new Map();
        for (const module of needing) {
          const name = getFullModuleName(module, compiler.context, compiler.root);
          const free = this.pathFree(name);
          if (free !== name) names.set(module, free);
        }
        // The id space webpack's plugin picks for this many modules (at most 5 % full, from three digits up).
        let space = 1000;
        while (space < needing.length * 20) space *= 10;
        const used = new Set();
        assignDeterministicIds(
          [...names.keys()],
          (module) => names.get(module) ?? '',
          (a, b) => ((names.get(a) ?? '') < (names.get(b) ?? '') ? -1 : 1),
          (module, id) => {
            if (used.has(id)) return false;
            used.add(id);
            chunkGraph.setModuleId(module, id);
            return true;
          },
          [space],
          0,
        );
      });
    });
  }
}

module.exports = { PathFreeModuleIdsPlugin };
