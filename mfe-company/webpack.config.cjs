const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');

// The company pages: home, about, certificates, management, projects, careers.
module.exports = createFederatedAppConfig({
  appDir: __dirname,
  name: 'company',
  exposes: {
    './HomePage': './src/home/HomePage.tsx',
    './AboutPage': './src/about/AboutPage.tsx',
    './CertificatesPage': './src/certificates/CertificatesPage.tsx',
    './ManagementPage': './src/management/ManagementPage.tsx',
    './ProjectsPage': './src/projects/ProjectsPage.tsx',
    './CareersPage': './src/careers/CareersPage.tsx',
  },
});
