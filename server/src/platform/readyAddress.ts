// The address the start message names: one that answers. PUBLIC_SITE_URL when set (what visitors use); otherwise this
// process's port under a name ALLOWED_HOSTS serves (localhost would be refused, 421, by a list without it).
import type { HttpConfig } from './config.js';

export function readyAddress(http: Pick<HttpConfig, 'publicSiteUrl' | 'allowedHosts'>, port: number): string {
  if (http.publicSiteUrl !== undefined) return http.publicSiteUrl;
  const hosts = http.allowedHosts;
  const host = hosts === undefined || hosts.includes('localhost') || hosts[0] === undefined ? 'localhost' : hosts[0];
  return `http://${host}:${port}`;
}
