import type { AssistantChatResponse } from '@panda/contracts/assistant';
import type { AuthContext } from '@panda/platform/http';
import type { ReadStore } from '@panda/projections/read-store';
import { accounts } from '@panda/projections/read-models/accounts';
import { type StudentDoc, students, centreStats } from '@panda/projections/read-models/training';
import { JOB_TYPES, REQUIREMENT_KEYS } from '@panda/contracts/training';
import { visibleFilter } from '../students/views';
import type { DataIntent } from './intents';
import type { HelpArticle, HelpLink, HelpRole, KnowledgeBase } from './knowledge';

/** An answer grounded in the caller's data or the help, as the API gives it (before any rephrasing). */
export type GroundedAnswer = AssistantChatResponse;

const JOBS_LINK = { label: 'Training Jobs', path: '/dashboard?view=jobs' };
const MENTOR_JOBS_LINK = { label: 'Student Jobs', path: '/dashboard?view=jobs' };
const OVERVIEW_LINK = { label: 'Overview', path: '/dashboard?view=overview' };
const STUDENTS_LINK = { label: 'Students', path: '/dashboard?view=students' };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (xs: string[]) =>
  xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/** Required, signed and remaining cards per job type of one student, as their Training Jobs show them. */
export function cardsOf(s: StudentDoc) {
  return JOB_TYPES.map((type) => {
    const job = s.jobs.find((j) => j.Job_Type === type);
    const required = job ? job.Total_Count : (s.requirements[REQUIREMENT_KEYS[type]] ?? 0);
    const signed = job ? job.Completed_Count : 0;
    return { type, required, signed, remaining: Math.max(0, required - signed) };
  }).filter((c) => c.required > 0);
}

function cardsSentence(s: StudentDoc, who: 'You' | string): string {
  const cards = cardsOf(s);
  if (cards.length === 0)
    return who === 'You'
      ? 'You have not set your training goals yet, so no job cards are required so far.'
      : `${who} has no job requirements set yet.`;
  const remaining = cards.reduce((n, c) => n + c.remaining, 0);
  const signed = cards.reduce((n, c) => n + c.signed, 0);
  const parts = cards.map((c) => `${c.type}: ${c.remaining} of ${c.required} left`);
  const head =
    who === 'You'
      ? `You have ${plural(remaining, 'job card')} left to get signed (${plural(signed, 'card')} signed so far).`
      : `${who} has ${plural(remaining, 'job card')} left (${plural(signed, 'card')} signed so far).`;
  const tail = s.Matched ? '' : who === 'You' ? ' Your jobs open once you are matched with a mentor.' : '';
  return `${head} ${parts.join('; ')}.${tail}`;
}

/** From the caller's own data, filtered as the API is (students/views.ts visibleFilter); null when the role has none. */
export async function answerFromData(
  rs: ReadStore,
  auth: AuthContext,
  message: string,
  intent: DataIntent,
): Promise<GroundedAnswer | null> {
  const data = (response: string, links: HelpLink[]): GroundedAnswer => ({
    response,
    source: 'data',
    links,
    articles: [],
  });
  if (auth.role === 'student') {
    const me = await rs.get(students, auth.id);
    if (!me) return null;
    if (intent === 'cards_left') return data(cardsSentence(me, 'You'), [JOBS_LINK]);
    if (intent === 'my_mentor') {
      const mentor = me.mentor_id ? await rs.get(accounts, me.mentor_id) : null;
      if (me.Matched && mentor) return data(`You are matched with your mentor ${mentor.Name}.`, [OVERVIEW_LINK]);
      return data(
        me.placement_status === 'pending'
          ? 'A mentor has been proposed for you and is yet to accept; you will show as Matched once they do.'
          : 'You are not matched with a mentor yet. We handle the matching: an administrator will propose a mentor for you.',
        [OVERVIEW_LINK],
      );
    }
    return null;
  }
  if (auth.role === 'mentor' || auth.role === 'training_centre') {
    const mine = await rs.find(students, visibleFilter(auth, 'id'), { sort: { Created_At: 1 } });
    // Only the caller's own students are ever looked at: a name that is not one of them finds nothing.
    const named = mine.filter((s) =>
      new RegExp(`\\b(${escape(s.First_Name)}|${escape(s.Name)})\\b`, 'i').test(message),
    );
    if (named.length > 0 && intent === 'cards_left') {
      return data(named.map((s) => cardsSentence(s, s.Name)).join(' '), [
        auth.role === 'mentor' ? MENTOR_JOBS_LINK : STUDENTS_LINK,
      ]);
    }
    if (auth.role === 'training_centre' && intent === 'placement_rate') {
      const stats = await rs.get(centreStats, auth.id);
      const total = stats?.total_students ?? 0;
      const placed = stats?.placed_students ?? 0;
      const rate = total ? Math.round((placed / total) * 100) : 0;
      return data(
        `Your placement rate is ${rate}%: ${placed} of ${plural(total, 'student')} placed, ${total - placed} awaiting placement.`,
        [OVERVIEW_LINK, STUDENTS_LINK],
      );
    }
    if (intent === 'my_students') {
      if (auth.role === 'mentor') {
        if (mine.length === 0)
          return data(
            'No students are placed with you at the moment. New placement requests appear on your Overview.',
            [OVERVIEW_LINK],
          );
        return data(
          `${plural(mine.length, 'student is', 'students are')} placed with you: ${list(mine.map((s) => s.Name))}.`,
          [MENTOR_JOBS_LINK],
        );
      }
      if (mine.length === 0)
        return data('You have not registered any students yet.', [
          { label: 'Register Student', path: '/dashboard?view=register' },
        ]);
      return data(`You have ${plural(mine.length, 'student')}: ${list(mine.map((s) => s.Name))}.`, [STUDENTS_LINK]);
    }
    if (intent === 'cards_left') {
      // No student of theirs was named: only their own students' progress, never anyone else's.
      const scope = auth.role === 'mentor' ? 'students placed with you' : 'students registered by your centre';
      const own = mine.length ? ` ${mine.map((s) => cardsSentence(s, s.Name)).join(' ')}` : ` None are at the moment.`;
      return data(`I can only share the progress of ${scope}.${own}`, [
        auth.role === 'mentor' ? MENTOR_JOBS_LINK : STUDENTS_LINK,
      ]);
    }
  }
  return null;
}

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Screens each role has (dashboard views), with the label its sidebar shows. */
const VIEWS: Record<HelpRole, Record<string, string>> = {
  student: { overview: 'Overview', jobs: 'Training Jobs', chat: 'Messages', profile: 'Profile', support: 'Support' },
  mentor: { overview: 'Overview', jobs: 'Student Jobs', chat: 'Messages', profile: 'Profile', support: 'Support' },
  training_centre: {
    overview: 'Overview',
    students: 'Students',
    register: 'Register Student',
    chat: 'Messages',
    profile: 'Profile',
    support: 'Support',
  },
};

/** An article's links as the role sees its screens: its own label, screens it does not have left out, once each. */
export function linksFor(links: HelpLink[], role: HelpRole | null): HelpLink[] {
  const out: HelpLink[] = [];
  for (const l of links) {
    const view = /^\/dashboard\?view=([\w-]+)$/.exec(l.path)?.[1];
    const label = view && role ? VIEWS[role][view] : l.label;
    if (!label || out.some((o) => o.path === l.path)) continue;
    out.push({ label, path: l.path });
  }
  return out;
}

/** The first (best) article's answer, naming every one of `hits`. */
const fromArticles = (hits: HelpArticle[], role: HelpRole | null): GroundedAnswer => ({
  response: hits[0].text,
  source: 'knowledge_base',
  links: linksFor(hits[0].links, role),
  articles: hits.map((a) => ({ id: a.id, title: a.title })),
});

/** A how-to question's article (by id) for the role, or null when the role may not read it. */
export function answerFromArticle(kb: KnowledgeBase, role: HelpRole | null, id: string): GroundedAnswer | null {
  const article = kb.articles.find((a) => a.id === id);
  if (!article || (role && article.roles.length > 0 && !article.roles.includes(role))) return null;
  return fromArticles([article], role);
}

/** The best help article's answer for the role, with its links. */
export function answerFromKnowledge(
  kb: KnowledgeBase,
  role: HelpRole | null,
  message: string,
  history: string[] = [],
): GroundedAnswer | null {
  let hits: HelpArticle[] = kb.search(message, role, 2);
  // A short follow-up ("and for mentors?") is read with the previous question.
  if (hits.length === 0 && history.length) hits = kb.search(`${history[history.length - 1]} ${message}`, role, 2);
  return hits.length ? fromArticles(hits, role) : null;
}

export const FALLBACK: GroundedAnswer = {
  response:
    "I'm not sure about that one. I can help with the dashboard, mentor matching, job requirements, chat, your profile and support. For anything else, open a ticket in Support and our team will reply.",
  source: 'fallback',
  links: [{ label: 'Support', path: '/dashboard?view=support' }],
  articles: [],
};
