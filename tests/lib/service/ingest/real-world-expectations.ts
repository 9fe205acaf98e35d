/**
 * Expected values read by hand from the files in ../shared/feeds/real-world. Links are shown as
 * the URL parser normalizes them (a bare host gains its "/"), dates converted to UTC.
 */
export type Expected = {
  file: string;
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title: string;
  website: string | null;
  count: number;
  first: { title: string; url: string | null; published_at: string | null };
  podcast?: { audio_url: string; duration_seconds: number | null };
};

export const realWorldFeeds: Expected[] = [
  { file: '489.rss', format: 'rss', title: 'Stories by Hodl Hodl on Medium', website: 'https://medium.com/@hodlhodl?source=rss-b1f3d322dadf------2', count: 10,
    first: { title: 'Hodl Hodl closes funding round', url: 'https://medium.com/@hodlhodl/hodl-hodl-closes-funding-round-417d97952d42?source=rss-b1f3d322dadf------2', published_at: '2018-11-19T08:10:26Z' } },
  { file: 'KatieFloyd.rss', format: 'rss', title: 'Katie Floyd', website: 'http://www.katiefloyd.com/', count: 20,
    first: { title: 'Special Mac Power Users for Relay FM Members', url: 'http://tracking.feedpress.it/link/980/4243452', published_at: '2016-08-25T22:20:00Z' } },
  { file: 'aktuality.rss', format: 'rss', title: 'Aktuality.sk - aktuálne spravodajstvo', website: 'https://www.aktuality.sk/', count: 30,
    first: { title: 'Analytici Goldman Sachs zvýšili odhad rastu ekonomiky USA', url: 'https://www.aktuality.sk/clanok/856577/analytici-goldman-sachs-zvysili-odhad-rastu-ekonomiky-usa/', published_at: '2021-01-17T18:27:00Z' } },
  // Named .atom but it is RSS 2.0 inside.
  { file: 'allthis.atom', format: 'rss', title: 'And now it’s all this', website: 'http://leancrew.com/all-this', count: 12,
    first: { title: 'Last thoughts on modifier keys', url: 'http://leancrew.com/all-this/2017/11/last-thoughts-on-modifier-keys/', published_at: '2017-11-23T21:08:29Z' } },
  { file: 'cloudblog.rss', format: 'rss', title: 'Cloud Blog', website: 'https://cloud.google.com/blog/', count: 20,
    first: { title: 'Want to keep your employees productive? Pay attention to shadow IT clues', url: 'https://cloud.google.com/blog/products/productivity-collaboration/want-to-keep-your-employees-productive-pay-attention-to-shadow-it-clues/', published_at: '2019-09-03T18:00:00Z' } },
  { file: 'dcrainmaker.xml', format: 'rss', title: 'DC Rainmaker', website: 'https://www.dcrainmaker.com/', count: 8,
    first: { title: 'Huge Fall Sale: 20% of All Trainers & Most Power Meters, $100 off Fenix 5, GoPro Hero6 deal!', url: 'https://www.dcrainmaker.com/2017/11/trainers-power-meters-fenix5-sale.html', published_at: '2017-11-09T05:00:00Z' } },
  { file: 'donthitsave.xml', format: 'rss', title: "Don't Hit Save", website: 'https://donthitsave.com/', count: 10,
    first: { title: 'Skipping Around', url: 'https://donthitsave.com/comic/2019/05/24/skipping-around', published_at: '2019-05-24T07:00:00Z' } },
  { file: 'atp.rss', format: 'rss', title: 'Accidental Tech Podcast', website: 'http://atp.fm/', count: 100,
    first: { title: '311: Mutually Assured Destruction', url: 'http://atp.fm/episodes/311', published_at: '2019-01-31T16:58:12Z' },
    podcast: { audio_url: 'http://traffic.libsyn.com/atpfm/atp311.mp3', duration_seconds: 6849 } },
  // Declared gb2312; its pubDate "2020/1/10 14:33:00" has no zone, read as UTC.
  { file: 'kc0011.rss', format: 'rss', title: '投资资讯网交易在线--流通纪念币最新20篇论坛主题-全文', website: 'http://www.kc0011.net/', count: 20,
    first: { title: '建国35周年纪念，华表，和平鸽', url: 'http://www.kc0011.net/dispbbs.asp?BoardID=10&ID=25164257&Page=1', published_at: '2020-01-10T14:33:00Z' } },
  { file: 'livemint.xml', format: 'rss', title: 'Livemint - News', website: 'https://www.livemint.com/rss/News', count: 25,
    first: { title: 'PM Modi-Xi Jinping informal summit in Varanasi this October: Report', url: 'https://www.livemint.com/news/india/pm-modi-xi-jinping-informal-summit-in-varanasi-this-october-report-1559104147038.html', published_at: '2019-05-29T10:16:00Z' } },
  { file: 'macworld.rss', format: 'rss', title: 'Macworld', website: 'https://www.macworld.com/', count: 30,
    first: { title: 'Best smart lock', url: 'https://www.techhive.com/article/3212828/connected-home/best-smart-lock.html#tk.rss_all', published_at: '2017-11-28T23:40:00Z' } },
  { file: 'manton.rss', format: 'rss', title: 'Manton Reece', website: 'http://www.manton.org/', count: 10,
    first: { title: '', url: 'http://www.manton.org/2015/09/3071.html', published_at: '2015-09-25T14:26:40Z' } },
  { file: 'monkeydom.rss', format: 'rss', title: 'cocoa-dom', website: 'https://coding.monkeydom.de/', count: 13,
    first: { title: 'TCMPortMapper 2018 Edition', url: 'https://github.com/monkeydom/TCMPortMapper', published_at: '2018-09-06T13:27:00Z' } },
  { file: 'natasha.xml', format: 'rss', title: 'Natasha The Robot', website: 'https://www.natashatherobot.com/', count: 10,
    first: { title: 'The Easiest Way to Get a URL for your Apple Wallet Passkit Pass', url: 'https://www.natashatherobot.com/url-apple-wallet-passkit-pass/', published_at: '2017-07-07T11:06:10Z' } },
  // Starts with a broken "<?phpxml …?>" declaration.
  { file: 'phpxml.rss', format: 'rss', title: 'www.fcutrecht.net voetbalnieuws', website: 'https://www.fcutrecht.net/', count: 20,
    first: { title: 'Serdar Gözübüyük scheidsrechter bij FC Twente - FC Utrecht', url: 'https://www.fcutrecht.net/nieuws/serdar-g-z-b-y-k-scheidsrechter-bij-fc-twente-fc-utrecht~8805', published_at: '2021-09-06T10:17:00Z' } },
  { file: 'rubenerd.rss', format: 'rss', title: 'Rubenerd', website: 'https://rubenerd.com/', count: 10,
    first: { title: 'The great Commodore/Atari engineer swap', url: 'https://rubenerd.com/the-commodore-atari-engineer-swap/', published_at: '2023-01-10T21:53:01Z' } },
  // 50 <item>s, two of which repeat an earlier guid.
  { file: 'scriptingNews.rss', format: 'rss', title: 'Scripting News', website: 'http://scripting.com/', count: 48,
    first: { title: '', url: 'http://scripting.com/2017/06/26.html#a080605', published_at: '2017-06-26T12:20:05Z' } },
  { file: 'theomnishow.rss', format: 'rss', title: 'The Omni Show', website: 'https://theomnishow.omnigroup.com/', count: 4,
    first: { title: 'Andrea McVittie, User Experience Designer', url: 'https://theomnishow.omnigroup.com/episode/andrea-mcvittie-user-experience-designer/', published_at: '2017-12-06T14:00:00Z' },
    podcast: { audio_url: 'https://d2vstsfo8knv0p.cloudfront.net/audio/the-omni-show-004.mp3', duration_seconds: 1729 } },
  { file: 'bio.rdf', format: 'rdf', title: 'bioRxiv Subject Collection: Plant Biology', website: 'http://biorxiv.org/', count: 30,
    first: { title: 'Wheat inositol pyrophosphate kinase (TaVIH2-3B) interacts with Fasciclin-like arabinogalactan (FLA6) protein and alters the plant cell-wall composition', url: 'http://biorxiv.org/cgi/content/short/743294v1?rss=1', published_at: '2019-08-27T00:00:00Z' } },
  // A Blogger feed whose posts nearly all carry a video enclosure: treated as a (video) podcast.
  { file: '4fsodonline.atom', format: 'atom', title: '4 Fighting Serpents of Death', website: 'http://4fsodonline.blogspot.com/', count: 25,
    first: { title: '4FSOD Documentary: Bloopers and Stuff', url: 'http://4fsodonline.blogspot.com/2007/12/4fsod-documentary-bloopers-and-stuff.html', published_at: '2007-12-15T07:15:00Z' },
    podcast: { audio_url: 'http://www.blogger.com/video-play.mp4?contentId=68e5fc66bed7b704&type=video%2Fmp4', duration_seconds: null } },
  { file: 'DaringFireball.atom', format: 'atom', title: 'Daring Fireball', website: 'https://daringfireball.net/', count: 48,
    first: { title: 'The Talk Show: ‘I Do Like Throwing a Baby’', url: 'https://daringfireball.net/thetalkshow/2017/06/26/ep-195', published_at: '2017-06-27T00:54:17Z' } },
  // Named .rss but it is Atom inside.
  { file: 'DaringFireball.rss', format: 'atom', title: 'Daring Fireball', website: 'http://daringfireball.net/', count: 47,
    first: { title: 'Apple Product Event: Monday March 21', url: 'http://recode.net/2016/02/27/remark-your-calendars-apples-product-event-will-week-of-march-21/', published_at: '2016-02-27T21:59:47Z' } },
  // Title mixes text and CDATA: "Link: <![CDATA[Pillow Fight Leaves 24 Concussed]]>".
  { file: 'OneFootTsunami.atom', format: 'atom', title: 'One Foot Tsunami', website: 'http://onefoottsunami.com/', count: 25,
    first: { title: 'Link: Pillow Fight Leaves 24 Concussed', url: 'http://www.nytimes.com/2015/09/05/us/at-west-point-annual-pillow-fight-becomes-weaponized.html?mwrsm=Email&_r=1&pagewanted=all', published_at: '2015-09-08T14:21:41Z' } },
  { file: 'expertopinionent.atom', format: 'atom', title: 'ENT expert opinion', website: 'http://expertopinionent.typepad.com/my-blog/', count: 43,
    first: { title: 'Advances and Testing in Vestibular Pathology', url: 'http://expertopinionent.typepad.com/my-blog/2017/04/advances-and-testing-in-vestibular-pathology.html', published_at: '2017-04-07T01:50:50Z' },
    podcast: { audio_url: 'https://ia601702.us.archive.org/23/items/ENTExpertOpinion/DavePothier-EeoPodcast.mp3', duration_seconds: null } },
  // Only a rel="self" link at feed level: no website.
  { file: 'russcox.atom', format: 'atom', title: 'research!rsc', website: null, count: 19,
    first: { title: 'Transparent Logs for Skeptical Clients', url: 'http://research.swtch.com/tlog', published_at: '2019-03-01T16:00:00Z' } },
  { file: '3960.json', format: 'json', title: 'fboës - Der Blog | Startseite', website: 'https://journal.3960.org/', count: 20,
    first: { title: 'Lecker, lecker', url: 'https://journal.3960.org/posts/2020-02-21-lecker-lecker/', published_at: '2020-02-21T17:08:06Z' } },
  { file: 'DaringFireball.json', format: 'json', title: 'Daring Fireball', website: 'https://daringfireball.net/', count: 48,
    first: { title: 'The Talk Show: ‘I Do Like Throwing a Baby’', url: 'https://daringfireball.net/linked/2017/06/26/the-talk-show-195', published_at: '2017-06-27T00:54:17Z' } },
  { file: 'allthis.json', format: 'json', title: 'And now it’s all this', website: 'http://leancrew.com/all-this/', count: 12,
    first: { title: 'Last thoughts on modifier keys', url: 'http://leancrew.com/all-this/2017/11/last-thoughts-on-modifier-keys/', published_at: '2017-11-23T21:08:29Z' } },
  // Cut off in the third item: the two complete items are kept; home_page_url came after the cut.
  { file: 'allthis-partial.json', format: 'json', title: 'And now it’s all this', website: null, count: 2,
    first: { title: 'Last thoughts on modifier keys', url: 'http://leancrew.com/all-this/2017/11/last-thoughts-on-modifier-keys/', published_at: '2017-11-23T21:08:29Z' } },
  // date_published "2018-01-06T08:00" has no zone, read as UTC.
  { file: 'curt.json', format: 'json', title: 'curtclifton.net', website: 'http://curtclifton.net/', count: 26,
    first: { title: 'Twitter Quitter', url: 'http://www.curtclifton.net/twitter-quitter', published_at: '2018-01-06T08:00:00Z' } },
  { file: 'inessential.json', format: 'json', title: 'inessential.com', website: 'http://inessential.com/', count: 20,
    first: { title: 'James Dempsey and the Breakpoints Benefit App Camp for Girls', url: 'http://inessential.com/2017/06/02/james_dempsey_and_the_breakpoints_benefi', published_at: '2017-06-03T05:05:47Z' } },
  { file: 'pxlnv.json', format: 'json', title: 'Pixel Envy', website: 'https://pxlnv.com/', count: 20,
    first: { title: 'Uber Lost $4.5 Billion in 2017', url: 'https://pxlnv.com/linklog/uber-losses-2017/', published_at: '2018-02-13T23:23:12Z' } },
  // The item title is written "Add Task &amp; Sub Tasks" in JSON: decoded to plain text.
  { file: 'rose.json', format: 'json', title: 'Rosemary Orchard', website: 'https://www.rosemaryorchard.com/blog', count: 84,
    first: { title: 'Workflow: Add Task & Sub Tasks To OmniFocus', url: 'https://www.rosemaryorchard.com/blog/workflow-add-task-sub-tasks-to-omnifocus', published_at: '2018-08-24T05:00:00Z' } },
  { file: 'authors.json', format: 'json', title: 'Author test feed', website: null, count: 4,
    first: { title: '', url: null, published_at: null } },
  // RSS written as JSON (Dave Winer's RSS-in-JSON); same 50 items and duplicate guids as scriptingNews.rss.
  { file: 'ScriptingNews.json', format: 'rss', title: 'Scripting News', website: 'http://scripting.com/', count: 48,
    first: { title: '', url: 'http://scripting.com/2017/06/26.html#a080605', published_at: '2017-06-26T12:20:05Z' } },
];
