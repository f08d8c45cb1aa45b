/** Every route of the spec's table with the heading its page shows, for deep-link and console checks. */
export const SITE_ROUTES: { path: string; heading: RegExp | string }[] = [
  { path: '/home', heading: 'Electrical Products & Industrial Solutions' },
  { path: '/our-products', heading: 'Our Products' },
  { path: '/our-products/industrial_cable_glands', heading: /Industrial\s+Cable Glands/ },
  { path: '/our-products/industrial_cable_glands/hex_cw_brass_cable_gland', heading: 'Product Details' },
  { path: '/about', heading: 'About Us' },
  { path: '/certificates', heading: 'Certificates' },
  { path: '/management', heading: 'Management' },
  { path: '/our-projects', heading: 'Our Projects' },
  { path: '/career-opportunities', heading: 'Career Opportunities' },
  { path: '/contact-us', heading: 'Contact Us' },
];
