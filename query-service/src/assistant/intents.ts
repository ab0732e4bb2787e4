/** What a Smart Assistant question is after (docs/rules.md#assistant-intents). */

export type DataIntent = 'cards_left' | 'my_mentor' | 'my_students' | 'placement_rate';

export interface IntentSpec {
  kind: 'howto' | 'data';
  /** The help article (docs/help/<id>.md) a how-to question is answered with. */
  article?: string;
  /** Phrases that point to the intent: each a space-separated list of words that must all appear. */
  cues: Array<[phrase: string, weight: number]>;
}

/** Phrases written comma-separated, a line of them at a time. */
const phrases = (...lines: string[]) => lines.flatMap((l) => l.split(', '));
/** Cue phrases by weight (`{ 4: 'dispute, disagree' }`) as the table holds them. */
const cues = (byWeight: Record<number, string>) =>
  Object.entries(byWeight).flatMap(([weight, list]) => phrases(list).map((p): [string, number] => [p, Number(weight)]));
/** A how-to intent, answered with its help article. */
const article = (id: string, byWeight: Record<number, string>): IntentSpec => ({
  kind: 'howto',
  article: id,
  cues: cues(byWeight),
});
/** A data intent, answered with the user's own figures. */
const figures = (byWeight: Record<number, string>): IntentSpec => ({ kind: 'data', cues: cues(byWeight) });

export const INTENTS = {
  dispute: article('disputing-a-sign-off', {
    4: 'dispute, disputed, disagree',
    3: 'challenge, contest, wrong, never did, didnt do, complain sign',
    2: 'incorrect, not me, object',
  }),
  confirm: article('confirming-a-sign-off', {
    4: 'confirm, confirmation, countersign',
    3: 'approve, accept sign, accept signed, awaiting trainee',
    2: 'agree',
  }),
  sign_off: article('signing-job-cards', {
    4: 'mark complete',
    2.5: 'sign off, signoff, sign card, sign job, mark',
    2: 'complete job, signature, signing',
    1: 'signed, card',
  }),
  register: article('registering-students', {
    4: 'register, registration, enrol, enroll, enrolment, enrollment',
    3: 'add student, add trainee, new student, new trainee, onboard',
  }),
  reset_password: article('passwords', {
    4: 'password',
    3: 'forgot, forgotten, reset, locked out, cant get in',
    1.5: 'log in, login, sign in',
  }),
  goals: article('job-requirements', {
    4: 'goals, goal',
    3: 'target, targets, requirements, requirement',
    2: 'set how many, change how many, how many need',
  }),
  messages: article('chat', {
    4: 'chat',
    3: 'message, messages, messaging',
    2: 'talk, contact, photo send, send image, send picture',
    1.5: 'text',
  }),
  support: article('support', {
    4: 'support, ticket, tickets, helpdesk, help desk',
    3: 'complaint, complain, contact team',
    1.5: 'problem, report',
  }),
  profile: article('profile', {
    4: 'profile',
    2: 'details, name, email, phone, postcode, address, business',
    1: 'update my, change my',
  }),
  gas_safe_categories: article('gas-safe-categories', {
    4: 'categories, category',
    3: 'qualifications, qualification, qualified',
    2.5: 'gas safe',
    2: 'cookers, lpg, allowed sign',
  }),
  announcements: article('announcements', {
    4: 'announcement, announcements, announce, broadcast',
    2: 'all students, all my students, notice',
  }),
  evidence_pack: article('evidence-pack', {
    4: 'evidence',
    3: 'portfolio',
    2.5: 'audit, auditor',
    2: 'pack, export, download, pdf, proof',
  }),
  matching: article('mentor-matching', {
    3: 'matching',
    2: 'match',
    1.5: 'matched, placement, assigned',
  }),
  vetting: article('vetting', {
    4: 'vetted, vetting, vet',
    3: 'verified',
    2: 'approved',
  }),
  cards_left: figures({
    3: 'left, remaining, remain, to go, still need, progress, how far',
    2: 'how many cards, how many jobs, so far',
    1.5: 'done, finished',
  }),
  my_mentor: figures({
    4: 'my mentor, am i matched, am i placed',
    3: 'mentor who, who mentor, have mentor, got a mentor, have a mentor',
    2: 'mentor assigned',
  }),
  my_students: figures({
    4: 'my students, my trainees, my trainee, which students, which trainees, list students, students placed with me',
    3: 'my student, who students, how many students, students have i',
  }),
  placement_rate: figures({
    5: 'placement rate, awaiting placement',
    4: 'percentage placed, how many placed',
    3: 'unplaced',
    2: 'rate, students placed',
  }),
} satisfies Record<DataIntent, IntentSpec> & Record<string, IntentSpec>;
/** What a question can be after: how to do something (answered with an article), or a DataIntent. */
export type Intent = keyof typeof INTENTS;

/** Words that ask how to do something, and words that ask for the user's own figures. */
const HOW_TO = phrases(
  'how do, how can, how to, how does, how should, how would, where do, where can, where is, what do i do',
  'what should i do, can i, is it possible, i want to, i need to, help me, steps, way to, what happens, explain',
  'what is an, what is a, whats an, whats a',
);
const DATA = phrases(
  'how many, how much, how far, who is, whos, which, am i, do i have, have i got, what is my, whats my',
  'show me my, list my, tell me my',
);

/** Words that say nothing about the topic (left out before matching). */
const STOP = new Set(
  'a an the i me my to do does did is are am be of for in on at it this that with and or please can could would should will you your our we us what how where when why who which there their have has got get'.split(
    ' ',
  ),
);

/** British and American spellings, and common shorthand, onto the words of the table. */
const SPELLINGS: Record<string, string> = {
  organise: 'organize',
  authorise: 'approve',
  authorize: 'approve',
  cancelled: 'canceled',
  center: 'centre',
  licence: 'license',
  pwd: 'password',
  pw: 'password',
  passwd: 'password',
  msg: 'message',
  msgs: 'messages',
  dm: 'message',
  recognise: 'recognize',
  favourite: 'favorite',
  colour: 'color',
  apprentice: 'trainee',
  apprentices: 'trainees',
  learner: 'student',
  learners: 'students',
};

const normalise = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => SPELLINGS[w] ?? w);

/** Damerau-Levenshtein (optimal string alignment) distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      rowMin = Math.min(rowMin, d[i][j]);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length][b.length];
}

/** How many typing mistakes a word of this length may carry and still count. */
const allowance = (word: string) => (word.length <= 3 ? 0 : word.length <= 6 ? 1 : 2);

/** Every word the table knows, so a typo is read as its nearest known word. */
const VOCABULARY = [
  ...new Set(
    [...Object.values(INTENTS).flatMap((s) => s.cues.map(([p]) => p)), ...HOW_TO, ...DATA].flatMap((p) => p.split(' ')),
  ),
];

/** The word of the table a typed word stands for (itself when it is known or near nothing). */
function canonical(word: string): string {
  if (VOCABULARY.includes(word) || word.length <= 3) return word;
  let best = word;
  let bestDistance = allowance(word) + 1;
  for (const known of VOCABULARY) {
    if (known.length <= 3) continue;
    const d = editDistance(word, known, bestDistance - 1);
    if (d < bestDistance && d <= Math.min(allowance(word), allowance(known))) {
      best = known;
      bestDistance = d;
    }
  }
  return best;
}

/** True when every word of `phrase` is among `words` (in any order). */
const hasAll = (words: Set<string>, phrase: string) => phrase.split(' ').every((w) => words.has(w));
/** Where `phrase` first appears as consecutive words of `seq` (-1 when it does not). */
const indexOfSequence = (seq: string[], phrase: string) => {
  const p = phrase.split(' ');
  for (let i = 0; i + p.length <= seq.length; i++) if (p.every((w, k) => seq[i + k] === w)) return i;
  return -1;
};
const hasSequence = (seq: string[], phrase: string) => indexOfSequence(seq, phrase) >= 0;
/** Where the first of `phrases` starts in `seq` (Infinity when none does). */
const firstOf = (seq: string[], phrases: string[]) =>
  Math.min(...phrases.map((p) => indexOfSequence(seq, p)).filter((i) => i >= 0), Number.POSITIVE_INFINITY);

/** Null when nothing in the table matches. */
export function classifyQuestion(message: string) {
  const seq = normalise(message).map(canonical);
  const words = new Set(seq);
  // The kind of question is set by the words that open it: "how do I set how many…" is a how-to.
  const howTo = firstOf(seq, HOW_TO);
  const data = firstOf(seq, DATA);
  const style: 'howto' | 'data' | null = howTo === data ? null : data < howTo ? 'data' : 'howto';
  const scores: Partial<Record<Intent, number>> = {};
  for (const [intent, spec] of Object.entries(INTENTS) as Array<[Intent, IntentSpec]>) {
    let score = 0;
    for (const [phrase, weight] of spec.cues) {
      const hit = phrase.split(' ').some((w) => STOP.has(w)) ? hasSequence(seq, phrase) : hasAll(words, phrase);
      if (hit) score += weight;
    }
    if (score === 0) continue;
    // The kind of question weighs in: a how-to asked of data topics, or the other way, counts less.
    if (style && spec.kind !== style) score *= 0.4;
    scores[intent] = score;
  }
  const ranked = (Object.entries(scores) as Array<[Intent, number]>).sort((a, b) => b[1] - a[1]);
  const best = ranked[0];
  if (!best || best[1] < 1.5) return { intent: null, kind: null, scores };
  return { intent: best[0], kind: INTENTS[best[0]].kind, scores };
}
