import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { branches, company, menu, productCategories, teamImagePath } from '../index';
import { knowledgeBaseFactsSchema, teamSchema } from '../schema';
import { BRANDS } from '../types';
import { checkKnowledgeBaseFacts, validateContent } from '../validate';
import { buildKnowledgeBase, htmlToText, MAX_SPECS_PER_PRODUCT, siteKnowledgeBaseSources } from './index';

const CONTENT_DIR = resolve(__dirname, '..', '..');
const readData = (file: string): unknown => JSON.parse(readFileSync(join(CONTENT_DIR, 'data', file), 'utf8')) as unknown;

const kb = buildKnowledgeBase();

describe('team data', () => {
  const team = teamSchema.parse(readData('our-team.json'));

  it('has five members, each with a portrait that exists', () => {
    expect(team).toHaveLength(5);
    for (const member of team) {
      expect(teamImagePath(member.image)).toBe(`/images/team/${member.image}.svg`);
      expect(readFileSync(join(CONTENT_DIR, 'public', teamImagePath(member.image)), 'utf8')).toContain('role="img"');
    }
  });

  it('passes the content validation (schemas, portraits, cross-file rules)', () => {
    expect(validateContent(CONTENT_DIR).errors).toEqual([]);
  });
});

describe('knowledge-base.json cross-file rules', () => {
  const facts = knowledgeBaseFactsSchema.parse(readData('knowledge-base.json'));
  const team = teamSchema.parse(readData('our-team.json'));

  it('accepts the committed facts', () => {
    expect(checkKnowledgeBaseFacts(facts, team, menu, productCategories)).toEqual([]);
  });

  it('names an unknown founder, a missing page and an unknown category', () => {
    const { careers: _careers, ...pages } = facts.pages;
    const broken = { ...facts, founderId: 99, pages, categoryNotes: { no_such_category: 'x' } };
    const errors = checkKnowledgeBaseFacts(broken, team, menu, productCategories);
    expect(errors).toHaveLength(3);
    expect(errors.join('\n')).toMatch(/founderId 99/);
    expect(errors.join('\n')).toMatch(/pages must describe exactly/);
    expect(errors.join('\n')).toMatch(/no_such_category/);
  });
});

describe('the knowledge base', () => {
  it('holds the company facts of the site', () => {
    expect(kb.company).toMatchObject({
      name: company.name,
      tagline: company.tagline,
      founded: 1995,
      founder: { name: 'Khalid Al Suwaidi', position: 'Founder & Chairman' },
      stats: { customers: '1,000+', countries: '10+', products: '200+', suppliers: '150+', experience: '28+ years' },
      phones: [company.mainPhone, company.secondPhone],
      email: company.generalEmail,
    });
    expect(kb.company.certifications).toEqual(
      expect.arrayContaining(['ISO 9001:2008 certified quality management system', expect.stringMatching(/^ISO 9001:2015 certificate \(UAE\)/)]),
    );
  });

  it('has the five team members and the four locations of branches.json', () => {
    expect(kb.team).toHaveLength(5);
    expect(Object.keys(kb.locations)).toEqual(['dubai', 'oman', 'bahrain', 'saudi']);
    for (const branch of branches) {
      expect(kb.locations[branch.id]).toMatchObject({ name: branch.name, address: branch.address, phone: branch.mobileNo, email: branch.email });
    }
    expect(kb.locations.oman.manager).toMatch(/Salim Al Rawahi/);
  });

  it('has every category with its path, and every product with its path and specs', () => {
    expect(kb.productCategories.map((c) => c.id)).toEqual(productCategories.map((c) => c.id));
    const products = siteKnowledgeBaseSources().products;
    expect(kb.productCategories.flatMap((c) => c.productDetails)).toHaveLength(products.length);
    for (const category of kb.productCategories) {
      expect(category.path).toBe(`/our-products/${category.id}`);
      for (const product of category.productDetails) {
        expect(product.path).toBe(`/our-products/${category.id}/${product.id}`);
        expect(product.specs.length).toBeLessThanOrEqual(MAX_SPECS_PER_PRODUCT);
        expect(product.specs.join(' ')).not.toMatch(/<[a-z]/i);
      }
    }
    const gland = kb.productCategories.find((c) => c.id === 'industrial_cable_glands');
    expect(gland?.companies).toEqual(['Hex']);
    expect(gland?.products.length).toBeGreaterThanOrEqual(3);
  });

  it('lists every brand of the site, with the categories that carry it', () => {
    expect(kb.brands.map((b) => b.name)).toEqual(BRANDS.map((b) => b.name));
    expect(kb.brands.find((b) => b.name === 'Hager')?.categories.map((c) => c.path)).toContain('/our-products/switchgear_accessories');
  });

  it('lists the eight pages of the menu with a description each', () => {
    expect(kb.websitePages.map((p) => p.path)).toEqual(menu.map((m) => m.path));
    expect(kb.websitePages).toHaveLength(8);
    for (const page of kb.websitePages) expect(page.description).not.toBe('');
  });

  it('has services, brochure, careers and project experience', () => {
    expect(kb.services.length).toBeGreaterThan(0);
    expect(kb.brochure.file).toBe(`/${company.brochureFile}`);
    expect(kb.careers).toMatchObject({ email: company.careersEmail, path: '/career-opportunities' });
    expect(kb.projectExperience.projects).toHaveLength(7);
    expect(kb.projectExperience.clients.join(' ')).toMatch(/defence/i);
  });

  it('stays small enough to send whole with every question', () => {
    expect(JSON.stringify(kb).length).toBeLessThan(120_000);
  });
});

describe('htmlToText', () => {
  it('drops tags, decodes entities and collapses spaces', () => {
    expect(htmlToText('<p>Cut to <strong>length</strong> &amp; on&nbsp;drums</p>\n<br/>')).toBe('Cut to length & on drums');
  });
});
