import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { checkSvg } from './validate';
import { homeSchema, projectsSchema } from './schema';
import { brandLogoPath, home } from './index';
import { projects } from './projects';

const PUBLIC_DIR = join(__dirname, '..', 'public');
const file = (sitePath: string) => join(PUBLIC_DIR, sitePath);

/** Every picture of the company pages with the size its <img> is given. */
const pictures = [...home.slides, ...home.backgrounds, ...projects];

describe('company pages content (home.json, projects.json)', () => {
  it('passes its schemas', () => {
    expect(homeSchema.safeParse(home).error).toBeUndefined();
    expect(projectsSchema.safeParse(projects).error).toBeUndefined();
  });

  it("has the spec's three slides, counters, sixteen partners and seven projects", () => {
    expect(home.slides.map((s) => [s.rank, s.heading])).toEqual([
      [null, 'Electrical Products & Industrial Solutions'],
      ['23', 'High Caliber Professionals'],
      ['1st', 'ISO 9001:2008 Certified'],
    ]);
    expect(home.slides.map((s) => s.image.split('.').pop())).toEqual(['jpg', 'jpg', 'webp']);
    expect(home.backgrounds).toHaveLength(4);
    expect(home.counters.map((c) => `${c.end}${c.suffix} ${c.label}`)).toEqual([
      '1000+ Customers Served',
      '10+ Countries in Operation',
      '200+ Products Catalogue',
      '150+ Suppliers Across Globe',
    ]);
    expect(home.partners.subtitle).toBe('Authorized Distributors of Leading Global Brands');
    expect(home.partners.items.map((p) => p.name)).toEqual([
      'PCE',
      '3M',
      'Raychem',
      'Barton',
      'Oxford',
      'MK',
      'Legrand',
      'Hex',
      'Breeze',
      'Ashfield',
      'Elite',
      'MESC',
      'Schneider',
      'Marechal Electric',
      'Hager',
      'Simplex',
    ]);
    expect(projects.map((p) => p.title)).toEqual([
      'Al Habtoor City',
      'Dubai Fountain Project',
      'Future Museum',
      'Jumeirah Park Villas',
      'Jumeirah Park Villas Phase 2',
      'Palm Jumeirah',
      'The Atlantis Royal',
    ]);
  });

  it.each(pictures.map((p) => [p.image, p] as const))(
    '%s exists with the size given to its <img>',
    async (_path, picture) => {
      const path = file(picture.image);
      expect(existsSync(path)).toBe(true);
      if (picture.image.endsWith('.svg')) {
        const source = readFileSync(path, 'utf8');
        expect(checkSvg(source)).toEqual([]);
        expect(source).toContain(`viewBox="0 0 ${picture.width} ${picture.height}"`);
      } else {
        const meta = await sharp(path).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([
          picture.image.endsWith('.webp') ? 'webp' : 'jpeg',
          picture.width,
          picture.height,
        ]);
      }
    },
  );

  it('points every partner card at an existing brand logo', () => {
    for (const partner of home.partners.items) expect(existsSync(file(brandLogoPath(partner.brand)))).toBe(true);
  });

  it('keeps the carousel pictures light', () => {
    for (const slide of home.slides) expect(readFileSync(file(slide.image)).length).toBeLessThan(60 * 1024);
  });
});
