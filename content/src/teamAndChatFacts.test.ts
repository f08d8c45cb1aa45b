import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { menu, productCategories, teamImagePath } from './index';
import { knowledgeBaseFactsSchema, teamSchema } from './schema';
import { checkKnowledgeBaseFacts, validateContent } from './validate';

// our-team.json and knowledge-base.json, the data of the Management page and of the chat's knowledge base
// (which the server assembles: server/src/assistant/knowledge-base).
const CONTENT_DIR = resolve(__dirname, '..');
const readData = (file: string): unknown =>
  JSON.parse(readFileSync(join(CONTENT_DIR, 'data', file), 'utf8')) as unknown;

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
