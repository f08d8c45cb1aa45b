// Which package or source folder a profiled function of a built script came from, read from the source maps a
// BUILD_SOURCE_MAPS=1 build writes beside its files (tools/webpack/federated-app.cjs). Without maps: undefined, and the
// profile is read by script only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';

/** The built file a script's address is served from: the shell's at the root, a remote's under /remotes/<name>/. */
function builtFile(root: string, url: string): string | undefined {
  const pathname = new URL(url).pathname;
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(pathname);
  if (remote) return path.join(root, `mfe-${remote[1]}`, 'dist', remote[2]!);
  return /^\/[^/]+\.js$/.test(pathname) ? path.join(root, 'shell', 'dist', pathname.slice(1)) : undefined;
}

/** 'react-dom' for node_modules/react-dom/…, else the source's folder ('mfe-catalogue/src/details/table'). */
function packageOf(source: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1]!;
  const local = source.replace(/^webpack:\/\/[^/]*\//, '');
  return local.includes('/') ? local.slice(0, local.lastIndexOf('/')) : local;
}

/** A reader of profiled positions (0-based line and column, as CDP gives them) for the build checked out at `root`. */
export function sourcePackages(
  root: string,
): ((url: string, line: number, column: number) => string | undefined) | undefined {
  const shellDist = path.join(root, 'shell', 'dist');
  if (!existsSync(shellDist) || !readdirSync(shellDist).some((name) => name.endsWith('.js.map'))) return undefined;
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (url: string) => {
    const file = builtFile(root, url);
    if (file === undefined) return null;
    if (!maps.has(file))
      maps.set(
        file,
        existsSync(`${file}.map`)
          ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap)
          : null,
      );
    return maps.get(file) ?? null;
  };
  return (url, line, column) => {
    const map = mapOf(url);
    if (map === null) return undefined;
    // a script may start with a compile-hint line the map does not know of (tools/webpack/compile-hints.cjs)
    const at = map.originalPositionFor({ line: line + 1, column });
    const shifted = at.source === null && line > 0 ? map.originalPositionFor({ line, column }) : at;
    return shifted.source === null ? undefined : packageOf(shifted.source);
  };
}
