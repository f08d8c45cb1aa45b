// A folder of files for a test (a build's dist, a CDN's root), written from a table of relative path → content.
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes each of `files` under `root`, making folders as needed. With `secondsLater`, each file's mtime is set that
 * far from now: a clearly different mtime whatever the file system's resolution (the server compares manifests by
 * mtime and size).
 */
export async function writeFiles(root: string, files: Record<string, string>, secondsLater?: number): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(root, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
    if (secondsLater !== undefined) {
      const at = new Date(Date.now() + secondsLater * 1000);
      await utimes(full, at, at);
    }
  }
}
