/**
 * Fetches the compare page's code once the tray offers its link, so that following the link draws the page without
 * waiting for the network. The chunk name is the one Module Federation gives the `./ComparePage` expose: webpack puts
 * this import in that same chunk, so the shell's later load of the expose finds it already here (one download, one
 * module instance).
 */
let started: Promise<unknown> | undefined;

export function preloadComparePage(): void {
  started ??= import(/* webpackChunkName: "__federation_expose_ComparePage" */ './ComparePage').catch(() => {
    // a failed preload is tried again by the next call; the page's own load reports the error when it matters
    started = undefined;
  });
}
