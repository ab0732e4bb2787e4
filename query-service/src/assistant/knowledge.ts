import MiniSearch from 'minisearch';
import type { z } from 'zod';
import type { assistantLink } from '@panda/contracts/assistant';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The help knowledge base (docs/help/README.md, docs/rules.md#assistant-intents). */
export const HELP_DIR = fileURLToPath(new URL('../../../docs/help', import.meta.url));

export type HelpRole = 'student' | 'mentor' | 'training_centre';

export type HelpLink = z.infer<typeof assistantLink>;

/** Words too common to say anything about what the user is after. */
const STOP_WORDS = new Set(
  'a an and are am be can do does for from have how i if in is it me my of on or our the to what when where which who why will with you your'.split(
    ' ',
  ),
);
const processTerm = (term: string) => {
  const t = term.toLowerCase();
  return STOP_WORDS.has(t) ? null : t;
};

const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;

/** An article of docs/help; its `text` is the answer as plain text (Markdown links become their labels). */
export function parseArticle(id: string, markdown: string) {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const title = (lines.find((l) => l.startsWith('# ')) ?? `# ${id}`).slice(2).trim();
  const field = (name: string) =>
    lines
      .find((l) => l.startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const roles = field('Roles')
    .split(/[,\s]+/)
    .filter((r): r is HelpRole => r === 'student' || r === 'mentor' || r === 'training_centre');
  const body = lines
    .filter((l) => !l.startsWith('# ') && !/^(Roles|Keywords):/.test(l))
    .join('\n')
    .trim();
  const links: HelpLink[] = [];
  for (const m of body.matchAll(LINK))
    if (!links.some((l) => l.path === m[2] && l.label === m[1])) links.push({ label: m[1], path: m[2] });
  const text = body.replace(LINK, '$1').replace(/\s*\n\s*/g, ' ');
  return { id, title, roles, keywords: field('Keywords'), text, links };
}

export type HelpArticle = ReturnType<typeof parseArticle>;

export function buildKnowledgeBase(articles: HelpArticle[]) {
  const index = new MiniSearch<HelpArticle>({
    fields: ['title', 'keywords', 'text'],
    storeFields: ['id'],
    processTerm,
    searchOptions: { processTerm, boost: { title: 3, keywords: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
  });
  index.addAll(articles);
  const byId = new Map(articles.map((a) => [a.id, a]));
  return {
    articles,
    /** Best articles for `query` that the role may read, best first. */
    search(query: string, role: HelpRole | null, limit = 3) {
      return index
        .search(query)
        .map((r) => byId.get(String(r.id))!)
        .filter((a) => !role || a.roles.length === 0 || a.roles.includes(role))
        .slice(0, limit);
    },
  };
}

export type KnowledgeBase = ReturnType<typeof buildKnowledgeBase>;

let loaded: KnowledgeBase | null = null;

/** The knowledge base of docs/help, read once per process. */
export function knowledgeBase(): KnowledgeBase {
  if (loaded) return loaded;
  const articles = readdirSync(HELP_DIR)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort()
    .map((f) => parseArticle(f.replace(/\.md$/, ''), readFileSync(join(HELP_DIR, f), 'utf8')));
  loaded = buildKnowledgeBase(articles);
  return loaded;
}
