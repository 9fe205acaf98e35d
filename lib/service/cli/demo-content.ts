/**
 * Text material for `npm run seed:demo`, written for Tidings: seven fictional sources, each
 * with title templates, sentence pools and word lists that demo-items.ts combines into
 * articles and episodes, and an eighth that reports some of the Courier's events in its own
 * words, so the stories page has same-event articles from two sources. `{slot}` in a template takes one value per item from `slots`, so a
 * title and its body agree. Every place, person and publication here is invented.
 */
import type { SourceType } from '@/lib/contract/common';

/** One demo source and the material its items are made from. */
export type DemoSource = {
  key: string;
  sourceType: SourceType;
  title: string;
  website: string;
  description: string;
  authors: string[];
  /** How many items; they are spread over the last ~60 days. */
  count: number;
  folder?: string;
  pinned?: boolean;
  /** Tags the demo puts on some of this source's items. */
  tags: string[];
  slots: Record<string, string[]>;
  titles: string[];
  openers: string[];
  middles: string[];
  headings: string[];
  listIntros: string[];
  listItems: string[];
  closers: string[];
  podcast?: { artist: string; summary: string };
  /** A source whose events this one reports too (`count` of its recent ones), with its slot values, a few hours apart. */
  retells?: DemoSource;
};

/** Folders the demo files subscriptions under. */
export const demoFolders = [{ name: 'News & science', pinned: true }, { name: 'Making things', pinned: false }];

const byteGarden: DemoSource = {
  key: 'byte-garden', sourceType: 'feed', title: 'Byte Garden', website: 'https://bytegarden.example',
  description: 'Slow, practical writing about software that has to keep working.', pinned: true,
  authors: ['Priya Natarajan', 'Jonas Ekberg', 'Lee Adeyemi'], count: 60, tags: ['to-read', 'infrastructure', 'web'],
  slots: {
    tool: ['SQLite', 'WebAssembly', 'service workers', 'edge caching', 'feature flags', 'HTTP/3', 'local-first sync',
      'gradual typing', 'CRDTs', 'passkeys', 'structured logging', 'container images', 'property-based tests', 'the event loop', 'read replicas'],
    team: ['a five-person team', 'a hospital IT group', 'a bootstrapped startup', "the city transit office's developers", 'a lone maintainer', 'a newsroom tools team'],
    figure: ['a third', 'half', 'two thirds', 'four fifths'],
  },
  titles: ['What {team} learned moving to {tool}', '{tool} in production: the parts nobody warns you about', 'A gentle field guide to {tool}',
    'We removed {tool} and nothing broke', 'Measure {tool} before you believe the benchmarks', 'Notes from a week of debugging {tool}',
    'A quiet moment for {tool}', 'The boring way to adopt {tool}'],
  openers: ['Every few years {tool} gets rediscovered, and every time the conversation skips the dull parts that decide whether it works.',
    'This started as a question from {team}: could {tool} replace the pile of scripts they had been nursing for years?',
    'I have now watched {team} adopt {tool} twice, once badly and once well, and the difference was almost entirely process.',
    'There is a version of {tool} that lives in conference talks and a version that lives in your on-call rotation.'],
  middles: ['The first surprise was how little code changed; the second was how much the deploy checklist did.',
    'We wrote the failure cases down before writing any code, which felt slow and saved us about a month.',
    'Roughly {figure} of the incidents we traced back were configuration, not the technology itself.',
    'Nobody on {team} was an expert, so we treated every assumption as a hypothesis with a test attached.',
    'The documentation is good, but it is written for the happy path, and production is rarely the happy path.',
    'Latency improved, though not where we expected: the slow requests got faster while the median barely moved.',
    'The hardest part was deleting the old system, because nobody could say for sure what still depended on it.',
    'We kept a plain text log of decisions, which turned out to be the most useful artifact of the whole project.',
    'A small dashboard with three numbers on it did more for confidence than any amount of load testing.'],
  headings: ['What we measured', 'Where it hurt', 'What we would do again', 'The rollout', 'Trade-offs worth naming'],
  listIntros: ['The checklist we ended up with:', 'Things that mattered more than we expected:'],
  listItems: ['Write the rollback steps before the rollout steps.', 'Keep one boring fallback path that you never remove.',
    'Put a number on "fast enough" before anyone argues about it.', 'Run the migration against a copy of real data first.',
    'Make the new path observable on day one, not day thirty.', 'Let the least experienced person on the team drive one deploy.',
    'Budget time for deleting the old thing; it is never free.'],
  closers: ['If you try {tool} yourself, I would love to hear where it pinched.', 'None of this is glamorous, which is exactly why it worked.',
    'The short version: choosing {tool} is fine, as long as you choose it on purpose.'],
};

const courier: DemoSource = {
  key: 'riverside-courier', sourceType: 'feed', title: 'The Riverside Courier', website: 'https://riversidecourier.example',
  description: 'Local news for Millbrook and the river towns, since 1921.', folder: 'News & science',
  authors: ['Dana Whitfield', 'Marco Ruiz', 'Helen Osei', 'Sam Kowalczyk'], count: 100, tags: ['millbrook', 'follow-up'],
  slots: {
    place: ['the Elm Street bridge', 'Harbor Park', 'the old cannery', 'Millbrook Library', 'the Northside market', 'the Route 9 underpass',
      'the community pool', 'Fairview Elementary', 'the riverfront trail', 'the bus depot on Canal Road', 'Lantern Square'],
    body: ['The city council', 'The parks board', 'The school board', 'The transit authority', 'The county planning office', 'A residents\u2019 association'],
    topic: ['repairs', 'a budget vote', 'new bike lanes', 'a summer festival', 'longer library hours', 'a zoning change', 'flood defenses', 'a parking plan'],
  },
  titles: ['{body} weighs {topic} for {place}', '{place} to reopen after repairs', 'Neighbors divided over {topic} near {place}',
    'What the decision on {topic} means for {place}', 'Weekend guide: what is happening around {place}', 'Traffic changes expected near {place} this week',
    'Letters: readers on {topic} at {place}'],
  openers: ['{body} met Tuesday evening to discuss {topic} at {place}, drawing the largest crowd the chamber has seen this year.',
    'Residents who live near {place} say they have been waiting a long time for {topic}.',
    'Plans for {topic} at {place} moved a step forward this week, though several questions remain open.',
    'The future of {place} was the main subject of a packed public meeting on Monday.'],
  middles: ['Officials said the work would be phased to keep the area open to pedestrians for as long as possible.',
    'Several speakers asked how the cost would be shared between the city and the county.',
    'A spokesperson said a final decision is expected before the end of the month.',
    'Shop owners nearby said the timing matters more to them than the details of the plan.',
    'The proposal was first raised three years ago and stalled during the last budget cycle.',
    'Engineers presented two options, one cheaper now and one cheaper over twenty years.',
    'Some parents raised concerns about the route children take to school while work is under way.',
    'Volunteers collected more than four hundred signatures in favor over two weekends.',
    'The meeting ran past eleven o\u2019clock, and public comment was extended twice.'],
  headings: ['What happens next', 'What residents said', 'The numbers', 'Background'],
  listIntros: ['Key dates residents should know:', 'What was decided:'],
  listItems: ['A public comment period opens next week and runs for thirty days.', 'Detours will be posted at least five days in advance.',
    'The full staff report is available at the library front desk.', 'A second hearing is scheduled for early next month.',
    'Businesses affected by closures can apply for a small relief grant.', 'Questions can be sent to the city clerk by email.'],
  closers: ['The Courier will follow the story as it develops.', 'Readers with questions about {topic} can write to the newsroom.',
    'This article has been updated with comments from the council.'],
};

const openOrbit: DemoSource = {
  key: 'open-orbit', sourceType: 'feed', title: 'Open Orbit', website: 'https://openorbit.example',
  description: 'A science magazine for the curious: research explained without the hype.', folder: 'News & science',
  authors: ['Dr. Ines Carvalho', 'Rohan Mehta', 'Aiko Tanaka'], count: 40, tags: ['long-read', 'climate'],
  slots: {
    subject: ['deep-sea microbes', 'tardigrades', 'exoplanet atmospheres', 'bird migration', 'coral reefs', 'ancient pollen', 'gut bacteria',
      'volcanic lightning', 'honeybee navigation', 'glacier melt', 'octopus cognition', 'dark matter maps', 'river deltas'],
    method: ['a decade of field recordings', 'a new telescope survey', 'genetic sequencing', 'a citizen-science project', 'computer models', 'sediment cores'],
  },
  titles: ['How {method} is changing what we know about {subject}', 'The surprising story of {subject}', 'Five open questions about {subject}',
    'Researchers turn to {method} to study {subject}', 'What {subject} can tell us about a changing climate', 'A beginner\u2019s map of research on {subject}'],
  openers: ['For most of the last century, research on {subject} went one sample at a time; {method} has changed that.',
    'Ask ten researchers about {subject} and you will get ten different favourite puzzles.',
    'A new paper built on {method} suggests that our picture of {subject} was missing something important.',
    'It is easy to overlook {subject}, which is partly why they keep surprising the people who look closely.'],
  middles: ['The team was careful to say that the result is a first step and needs to be repeated elsewhere.',
    'What makes the work unusual is its scale: thousands of observations instead of dozens.',
    'Critics point out that the sample comes mostly from one region, which may not be typical.',
    'The data are public, and other groups have already started testing the same idea.',
    'One co-author described the finding as the kind of result that raises more questions than it answers.',
    'The effect is small in any single measurement but consistent across the whole dataset.',
    'Funding for this kind of long-term study is rare, and the authors note it nearly ended twice.',
    'Earlier estimates were not wrong so much as incomplete, the researchers argue.'],
  headings: ['What the study found', 'Why it matters', 'The caveats', 'How the work was done'],
  listIntros: ['Three things to keep in mind when reading the headlines:', 'What remains unknown:'],
  listItems: ['A single study rarely settles a question on its own.', 'Correlation in the field is not the same as cause in the lab.',
    'The most interesting results often come from the outliers.', 'Replication across different sites is the next step.',
    'Instruments improve, and old data can look different with new tools.'],
  closers: ['We will return to {subject} when the follow-up results are published.', 'The full paper is open access and surprisingly readable.',
    'Science is slow, and that is a feature rather than a flaw.'],
};

const slowPan: DemoSource = {
  key: 'slow-pan-kitchen', sourceType: 'feed', title: 'Slow Pan Kitchen', website: 'https://slowpan.example',
  description: 'Home cooking for tired weeknights and lazy weekends.', folder: 'Making things',
  authors: ['Noor Haddad'], count: 35, tags: ['to-try', 'vegetarian', 'weeknight'],
  slots: {
    dish: ['lentil soup', 'sourdough focaccia', 'roasted squash', 'miso-glazed eggplant', 'lemon olive oil cake', 'chickpea stew',
      'buttermilk pancakes', 'ginger fried rice', 'tomato galette', 'spiced apple crumble', 'green shakshuka', 'potato leek gratin'],
    ingredient: ['brown butter', 'smoked paprika', 'a fistful of herbs', 'preserved lemon', 'toasted sesame', 'a splash of vinegar', 'roasted garlic'],
    season: ['weeknight', 'rainy Sunday', 'early autumn', 'midwinter', 'late summer'],
  },
  titles: ['{dish} with {ingredient}', 'A {season} {dish} that forgives mistakes', 'Why {ingredient} belongs in your {dish}',
    'The one-pan {dish} I keep coming back to', '{dish}, three ways', 'Cooking from the cupboard: {dish}'],
  openers: ['This {dish} started as a way to use up what was left in the fridge and became a {season} regular.',
    'I make {dish} at least twice a month, and {ingredient} is the reason it never gets boring.',
    'Some recipes need precision; this {dish} is not one of them.',
    'My grandmother never wrote down how she made {dish}, so this is my best reconstruction.'],
  middles: ['Take the time to brown things properly; colour is flavour, and it cannot be added later.',
    'If you do not have {ingredient}, a little extra salt and something sour will get you most of the way there.',
    'Everything can be prepared an hour ahead, which makes this friendly for guests.',
    'Leftovers keep for three days and are arguably better on the second day.',
    'Taste as you go, and adjust the seasoning at the end rather than the beginning.',
    'A heavy pan matters more than any particular brand of ingredient.',
    'Children in my house eat this happily if the spice goes on at the table.'],
  headings: ['Ingredients', 'Method', 'Variations', 'Notes'],
  listIntros: ['You will need:', 'A few swaps that work:'],
  listItems: ['2 tablespoons olive oil', '1 large onion, thinly sliced', '2 cloves garlic, crushed', 'a pinch of chili flakes',
    '400 g tin of tomatoes', 'salt and black pepper', 'a squeeze of lemon to finish', 'crusty bread to serve'],
  closers: ['Let me know how your {dish} turns out.', 'Serve it warm, with whatever bread you have.', 'Next week: something sweet.'],
};

const gridline: DemoSource = {
  key: 'gridline', sourceType: 'feed', title: 'Gridline', website: 'https://gridline.example',
  description: 'Interface design critique and craft notes.', folder: 'Making things',
  authors: ['Tomasz Wierzbicki', 'Ama Boateng'], count: 35, tags: ['accessibility', 'inspiration'],
  slots: {
    thing: ['typography', 'empty states', 'colour contrast', 'icon sets', 'form labels', 'dark mode', 'navigation menus',
      'loading skeletons', 'error messages', 'grid systems', 'onboarding flows', 'data tables'],
    lens: ['accessibility', 'small screens', 'slow networks', 'first-time visitors', 'print', 'keyboard users'],
  },
  titles: ['Designing {thing} for {lens}', 'A critique of {thing} in everyday apps', 'The details that make {thing} work',
    'Rethinking {thing} with {lens} in mind', 'Small fixes for {thing}', 'A gallery of {thing} done well'],
  openers: ['Most conversations about {thing} start with how it looks; this one starts with {lens}.',
    'I collected fifty examples of {thing} from apps I use every week and sorted them into good, fine and painful.',
    'Nobody notices good {thing}, which makes it easy to under-invest in.',
    'A reader asked why so many products get {thing} wrong. The honest answer is that it is rarely anyone\u2019s job.'],
  middles: ['The best examples shared one habit: they were designed with real content, not placeholder text.',
    'Designing for {lens} first tends to improve the result for everyone else too.',
    'Consistency beat cleverness in almost every comparison.',
    'The worst examples were not ugly; they were ambiguous about what would happen next.',
    'Spacing did more work than colour, which surprised a few people in the studio.',
    'Testing with five people found most of the problems; testing with fifty found the interesting ones.',
    'A style guide only helps if it is easier to follow than to ignore.'],
  headings: ['What works', 'Common mistakes', 'A checklist', 'Examples'],
  listIntros: ['Questions to ask in your next review:', 'Patterns worth stealing:'],
  listItems: ['Can it be understood without colour?', 'Does it still work at twice the text size?', 'What does it look like with no data?',
    'What does it look like with far too much data?', 'Can every action be reached from the keyboard?', 'Is the wording specific about what happened?'],
  closers: ['Send me your favourite example of {thing}; I will feature the best ones.', 'Design is mostly editing.',
    'More on {lens} in a later post.'],
};

const sundayMargin: DemoSource = {
  key: 'sunday-margin', sourceType: 'newsletter', title: 'The Sunday Margin', website: 'https://sundaymargin.example',
  description: 'A weekly letter about reading, attention and the space around the words.',
  authors: ['Clara Montague'], count: 9, tags: ['favourites'],
  slots: {
    theme: ['reading slowly', 'unsubscribing', 'keeping a commonplace book', 'paper notebooks', 'long walks', 'public libraries',
      'letter writing', 'the myth of inbox zero', 'late-night radio', 'writing in the margins'],
  },
  titles: ['On {theme}'],
  openers: ['Dear reader, this week I have been thinking about {theme}, mostly because I have been failing at it.',
    'Hello again. A short letter this week, on {theme} and a few things worth your time.'],
  middles: ['A friend told me that attention is the only thing we truly spend, and I have not been able to forget it.',
    'I tried an experiment: one week with no news before noon. The world did not end, and my mornings got longer.',
    'There is a particular pleasure in finishing something, however small.',
    'I keep a list of things I want to read, and the list is now longer than the life I have left to read it.',
    'Several of you wrote back after last week\u2019s letter, and your replies were better than the letter.'],
  headings: ['This week', 'Worth your time', 'From the mailbag'],
  listIntros: ['Three things I enjoyed:'],
  listItems: ['An essay about the history of the bookmark.', 'A recording of rain on a tin roof, ninety minutes long.',
    'A recipe for bread that takes three days and ten minutes of work.', 'A map of every public bench in a small town.',
    'A letter from a reader about reading to her grandfather.'],
  closers: ['Until next Sunday, Clara.', 'Write back if you like; I read everything. Clara.'],
};

const smallHours: DemoSource = {
  key: 'small-hours', sourceType: 'podcast', title: 'Small Hours', website: 'https://smallhours.example',
  description: 'Conversations with the people who keep the city running while it sleeps.',
  authors: ['Mira Okafor', 'Tom Lind'], count: 12, tags: ['listen-again'],
  podcast: {
    artist: 'Mira Okafor & Tom Lind',
    summary: 'Every week Mira Okafor and Tom Lind stay up late with someone whose working day starts when everyone else\u2019s ends.',
  },
  slots: {
    guest: ['a night-bus driver', 'a bakery owner', 'an emergency-room nurse', 'a lighthouse keeper', 'a late-night radio host',
      'a subway track inspector', 'an amateur astronomer', 'a hotel night manager', 'a snowplough driver', 'a 24-hour diner cook',
      'a harbour pilot', 'a night-shift librarian'],
  },
  titles: ['Shift change with {guest}'],
  openers: ['Mira and Tom sit down with {guest} to talk about what the city sounds like at three in the morning.',
    'This week\u2019s guest is {guest}, who has not seen a sunrise from bed in eleven years.'],
  middles: ['They talk about sleep, coffee and the strange friendships that form between people who work at night.',
    'There is a story about a lost dog, a long detour and a very patient passenger.',
    'We also answer listener questions about staying awake on a long drive.',
    'The conversation turns to what changed in the city over the last decade, and what did not.',
    'Tom admits he has never stayed awake past midnight without a thermos, and Mira does not let him forget it.'],
  headings: ['In this episode', 'Links'],
  listIntros: ['Chapters:'],
  listItems: ['Opening and introductions', 'How the shift starts', 'The hardest night', 'Listener questions', 'What we are listening to'],
  closers: ['Small Hours is made by two people and a microphone. Thanks for listening.'],
};

const ledger: DemoSource = {
  key: 'millbrook-ledger', sourceType: 'feed', title: 'Millbrook Ledger', website: 'https://millbrookledger.example',
  description: 'Independent reporting on Millbrook council, schools and streets.', folder: 'News & science',
  authors: ['Grace Lindqvist', 'Omar Haddad'], count: 6, tags: ['millbrook'], slots: {},
  // `{bodyMid}` is the Courier's `{body}` in the middle of a sentence.
  retells: courier,
  titles: ['{body} hears from residents on {topic} at {place}', '{body} moves ahead on {topic} for {place}',
    '{place}: {body} puts {topic} to a public hearing', 'Crowd turns out as {bodyMid} takes up {topic} at {place}'],
  openers: ['{body} took up {topic} for {place} this week in front of a standing-room crowd.',
    'Residents near {place} pressed {bodyMid} on {topic} at a long public hearing.',
    'A decision on {topic} for {place} came closer this week as {bodyMid} heard from residents.'],
  middles: ['Speakers were split on whether {topic} should come before other work at {place}.',
    'Supporters of {topic} said {place} had waited long enough; opponents asked for more detail on the cost.',
    'A staff report put the first phase of the work at {place} within this year\u2019s budget.',
    'Several business owners near {place} asked for the work to avoid the busy season.',
    'Members asked staff to come back with a timeline for {topic} and a plan for keeping {place} open.',
    'One longtime resident said {place} had not seen this much attention in decades.'],
  headings: ['What was said', 'What comes next', 'The cost'],
  listIntros: ['At a glance:', 'Dates to watch:'],
  listItems: ['Written comments are accepted until the end of the month.', 'Staff will publish a cost estimate before the next meeting.',
    'A site walk at {place} is open to the public.', 'Minutes of the hearing will be posted online within a week.'],
  closers: ['The Ledger will report on the next hearing.', 'Tips about {topic} can be sent to the Ledger newsroom.'],
};

/** The demo sources, in the order they are seeded (a source that retells another comes after it). */
export const demoSources: DemoSource[] = [byteGarden, courier, ledger, openOrbit, slowPan, gridline, sundayMargin, smallHours];
