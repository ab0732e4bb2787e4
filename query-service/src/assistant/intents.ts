/**
 * What a Smart Assistant question is after, decided before any data is read
 * (docs/rules.md#assistant-intents): a how-to question gets its help article, a question about the
 * user's own numbers gets them. Table-driven: each intent lists the words that point to it, with a
 * weight; words are matched forgiving typos (one edit in a short word, two in a long one) and
 * British or American spellings are both listed.
 */

export type HowToIntent =
  | 'dispute'
  | 'confirm'
  | 'sign_off'
  | 'register'
  | 'reset_password'
  | 'goals'
  | 'messages'
  | 'support'
  | 'profile'
  | 'gas_safe_categories'
  | 'announcements'
  | 'evidence_pack'
  | 'matching'
  | 'vetting';
export type DataIntent = 'cards_left' | 'my_mentor' | 'my_students' | 'placement_rate';
export type Intent = HowToIntent | DataIntent;

export interface IntentSpec {
  kind: 'howto' | 'data';
  /** The help article (docs/help/<id>.md) a how-to question is answered with. */
  article?: string;
  /** Phrases that point to the intent: each a space-separated list of words that must all appear. */
  cues: Array<[phrase: string, weight: number]>;
}

export const INTENTS: Record<Intent, IntentSpec> = {
  dispute: {
    kind: 'howto',
    article: 'disputing-a-sign-off',
    cues: [
      ['dispute', 4],
      ['disputed', 4],
      ['disagree', 4],
      ['challenge', 3],
      ['contest', 3],
      ['wrong', 3],
      ['incorrect', 2],
      ['not me', 2],
      ['never did', 3],
      ['didnt do', 3],
      ['object', 2],
      ['complain sign', 3],
    ],
  },
  confirm: {
    kind: 'howto',
    article: 'confirming-a-sign-off',
    cues: [
      ['confirm', 4],
      ['confirmation', 4],
      ['countersign', 4],
      ['approve', 3],
      ['agree', 2],
      ['accept sign', 3],
      ['accept signed', 3],
      ['awaiting trainee', 3],
    ],
  },
  sign_off: {
    kind: 'howto',
    article: 'signing-job-cards',
    cues: [
      ['sign off', 2.5],
      ['signoff', 2.5],
      ['sign card', 2.5],
      ['sign job', 2.5],
      ['mark complete', 4],
      ['mark', 2.5],
      ['complete job', 2],
      ['signature', 2],
      ['signing', 2],
      ['signed', 1],
      ['card', 1],
    ],
  },
  register: {
    kind: 'howto',
    article: 'registering-students',
    cues: [
      ['register', 4],
      ['registration', 4],
      ['enrol', 4],
      ['enroll', 4],
      ['enrolment', 4],
      ['enrollment', 4],
      ['add student', 3],
      ['add trainee', 3],
      ['new student', 3],
      ['new trainee', 3],
      ['onboard', 3],
    ],
  },
  reset_password: {
    kind: 'howto',
    article: 'passwords',
    cues: [
      ['password', 4],
      ['forgot', 3],
      ['forgotten', 3],
      ['reset', 3],
      ['log in', 1.5],
      ['login', 1.5],
      ['sign in', 1.5],
      ['locked out', 3],
      ['cant get in', 3],
    ],
  },
  goals: {
    kind: 'howto',
    article: 'job-requirements',
    cues: [
      ['goals', 4],
      ['goal', 4],
      ['target', 3],
      ['targets', 3],
      ['requirements', 3],
      ['requirement', 3],
      ['set how many', 2],
      ['change how many', 2],
      ['how many need', 2],
    ],
  },
  messages: {
    kind: 'howto',
    article: 'chat',
    cues: [
      ['message', 3],
      ['messages', 3],
      ['messaging', 3],
      ['chat', 4],
      ['talk', 2],
      ['contact', 2],
      ['photo send', 2],
      ['send image', 2],
      ['send picture', 2],
      ['text', 1.5],
    ],
  },
  support: {
    kind: 'howto',
    article: 'support',
    cues: [
      ['support', 4],
      ['ticket', 4],
      ['tickets', 4],
      ['helpdesk', 4],
      ['help desk', 4],
      ['complaint', 3],
      ['complain', 3],
      ['problem', 1.5],
      ['report', 1.5],
      ['contact team', 3],
    ],
  },
  profile: {
    kind: 'howto',
    article: 'profile',
    cues: [
      ['profile', 4],
      ['details', 2],
      ['name', 2],
      ['email', 2],
      ['phone', 2],
      ['postcode', 2],
      ['address', 2],
      ['business', 2],
      ['update my', 1],
      ['change my', 1],
    ],
  },
  gas_safe_categories: {
    kind: 'howto',
    article: 'gas-safe-categories',
    cues: [
      ['categories', 4],
      ['category', 4],
      ['gas safe', 2.5],
      ['qualifications', 3],
      ['qualification', 3],
      ['qualified', 3],
      ['cookers', 2],
      ['lpg', 2],
      ['allowed sign', 2],
    ],
  },
  announcements: {
    kind: 'howto',
    article: 'announcements',
    cues: [
      ['announcement', 4],
      ['announcements', 4],
      ['announce', 4],
      ['broadcast', 4],
      ['all students', 2],
      ['all my students', 2],
      ['notice', 2],
    ],
  },
  evidence_pack: {
    kind: 'howto',
    article: 'evidence-pack',
    cues: [
      ['evidence', 4],
      ['pack', 2],
      ['portfolio', 3],
      ['audit', 2.5],
      ['auditor', 2.5],
      ['export', 2],
      ['download', 2],
      ['pdf', 2],
      ['proof', 2],
    ],
  },
  matching: {
    kind: 'howto',
    article: 'mentor-matching',
    cues: [
      ['matching', 3],
      ['match', 2],
      ['matched', 1.5],
      ['placement', 1.5],
      ['assigned', 1.5],
    ],
  },
  vetting: {
    kind: 'howto',
    article: 'vetting',
    cues: [
      ['vetted', 4],
      ['vetting', 4],
      ['vet', 4],
      ['verified', 3],
      ['approved', 2],
    ],
  },
  cards_left: {
    kind: 'data',
    cues: [
      ['left', 3],
      ['remaining', 3],
      ['remain', 3],
      ['to go', 3],
      ['still need', 3],
      ['progress', 3],
      ['how far', 3],
      ['how many cards', 2],
      ['how many jobs', 2],
      ['so far', 2],
      ['done', 1.5],
      ['finished', 1.5],
    ],
  },
  my_mentor: {
    kind: 'data',
    cues: [
      ['my mentor', 4],
      ['mentor who', 3],
      ['who mentor', 3],
      ['am i matched', 4],
      ['am i placed', 4],
      ['have mentor', 3],
      ['got a mentor', 3],
      ['have a mentor', 3],
      ['mentor assigned', 2],
    ],
  },
  my_students: {
    kind: 'data',
    cues: [
      ['my students', 4],
      ['my trainees', 4],
      ['my trainee', 4],
      ['my student', 3],
      ['which students', 4],
      ['which trainees', 4],
      ['who students', 3],
      ['list students', 4],
      ['how many students', 3],
      ['students placed with me', 4],
      ['students have i', 3],
    ],
  },
  placement_rate: {
    kind: 'data',
    cues: [
      ['placement rate', 5],
      ['rate', 2],
      ['percentage placed', 4],
      ['how many placed', 4],
      ['awaiting placement', 5],
      ['unplaced', 3],
      ['students placed', 2],
    ],
  },
};

/** Words that ask how to do something, and words that ask for the user's own figures. */
const HOW_TO = [
  'how do',
  'how can',
  'how to',
  'how does',
  'how should',
  'how would',
  'where do',
  'where can',
  'where is',
  'what do i do',
  'what should i do',
  'can i',
  'is it possible',
  'i want to',
  'i need to',
  'help me',
  'steps',
  'way to',
  'what happens',
  'explain',
  'what is an',
  'what is a',
  'whats an',
  'whats a',
];
const DATA = [
  'how many',
  'how much',
  'how far',
  'who is',
  'whos',
  'which',
  'am i',
  'do i have',
  'have i got',
  'what is my',
  'whats my',
  'show me my',
  'list my',
  'tell me my',
];

/** Words that say nothing about the topic (left out before matching). */
const STOP = new Set(
  'a an the i me my to do does did is are am be of for in on at it this that with and or please can could would should will you your our we us what how where when why who which there their have has got get'.split(
    ' ',
  ),
);

/** British and American spellings, and common shorthand, onto the words of the table. */
const SPELLINGS: Record<string, string> = {
  enrolment: 'enrolment',
  enrol: 'enrol',
  organise: 'organize',
  authorise: 'approve',
  authorize: 'approve',
  cancelled: 'canceled',
  centre: 'centre',
  center: 'centre',
  licence: 'license',
  pwd: 'password',
  pw: 'password',
  passwd: 'password',
  msg: 'message',
  msgs: 'messages',
  dm: 'message',
  signoff: 'signoff',
  signature: 'signature',
  recognise: 'recognize',
  favourite: 'favorite',
  colour: 'color',
  cant: 'cant',
  dont: 'dont',
  didnt: 'didnt',
  havent: 'havent',
  whats: 'whats',
  whos: 'whos',
  trainees: 'trainees',
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

export interface Classification {
  intent: Intent | null;
  kind: 'howto' | 'data' | null;
  scores: Partial<Record<Intent, number>>;
}

/**
 * The intent of a question. A how-to question ("how do I dispute…") goes to its article even when
 * it names data ("…a card my mentor signed"); a data question ("how many cards have I left")
 * goes to the user's numbers. Null when nothing in the table matches.
 */
export function classifyQuestion(message: string): Classification {
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
      // A phrase with a common word in it ("to go", "my mentor") counts only as a run of words;
      // one of topic words only ("sign card") counts when they all appear, in any order.
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
