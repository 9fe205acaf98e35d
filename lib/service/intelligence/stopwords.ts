/**
 * English function words plus words that news writing uses everywhere ("said",
 * "told", "report"): they carry no subject, so they are left out of term
 * vectors and key phrases from the first item on, before document frequencies
 * have had a chance to learn it.
 */
const WORDS = `a about above across after afterwards again against all almost alone along already also
although always am among amongst an and another any anybody anyhow anyone anything anyway anywhere are
aren't around as at back be became because become becomes becoming been before beforehand behind being
below beside besides between beyond both but by can can't cannot could couldn't did didn't do does
doesn't doing don't done down during each either else elsewhere enough etc even ever every everybody
everyone everything everywhere except few for former formerly from further had hadn't has hasn't have
haven't having he he'd he'll he's hence her here here's hereafter hereby herein hers herself him
himself his how how's however i i'd i'll i'm i've ie if in indeed instead into is isn't it it's its
itself just last latter least less let's like likely made make makes many may maybe me meanwhile might
mine more moreover most mostly much must mustn't my myself namely neither never nevertheless next no
nobody none noone nor not nothing now nowhere of off often on once one only onto or other others
otherwise our ours ourselves out over own per perhaps please put quite rather really same see seem
seemed seeming seems several shall shan't she she'd she'll she's should shouldn't since so some
somehow someone something sometime sometimes somewhere still such than that that's the their theirs
them themselves then thence there there's thereafter thereby therefore therein thereupon these they
they'd they'll they're they've this those though through throughout thru thus to together too toward
towards under until up upon us very via was wasn't we we'd we'll we're we've well were weren't what
what's whatever when when's whence whenever where where's whereafter whereas whereby wherein whereupon
wherever whether which while whither who who's whoever whole whom whose why why's will with within
without won't would wouldn't yet you you'd you'll you're you've your yours yourself yourselves
said says say saying told tell tells according report reported reports reporting news new also
just get gets got going go goes went come comes came take takes took taken want wants wanted
week weeks day days year years time times today yesterday tomorrow monday tuesday wednesday thursday
friday saturday sunday month months people thing things way ways lot lots part parts number first
second third including include includes included two three four five six seven eight nine ten
mr mrs ms dr st via read more click here continue reading story stories article image photo video
getty images ap reuters copyright rights reserved subscribe newsletter sign`;

const STOPWORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));

/** True when `word` (lower case) carries no subject of its own. */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}
