// The company pages' public surface: each module webpack.config.cjs exposes, by expose name, with its type. The shell
// type-checks what it loads from this remote against this map (`import type` from '@site/mfe-company/exposes', see
// shell/src/remotes/remoteExposes.ts). Lists the same modules as `exposes` in webpack.config.cjs (a shell test checks it).
export type CompanyExposes = {
  './HomePage': typeof import('./home/HomePage');
  './AboutPage': typeof import('./about/AboutPage');
  './CertificatesPage': typeof import('./certificates/CertificatesPage');
  './ManagementPage': typeof import('./management/ManagementPage');
  './ProjectsPage': typeof import('./projects/ProjectsPage');
  './CareersPage': typeof import('./careers/CareersPage');
};
