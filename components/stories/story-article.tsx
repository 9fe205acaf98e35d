import Link from '@/components/shell/intent-link';
import { relativeDate } from '@/lib/client/relative-date';
import type { Story } from '@/lib/client/use-stories';

/** One of the person's articles of a story: its title (to the reader), its sources, when, and whether read and saved. */
export function StoryArticle({ article }: { article: Story['articles'][number] }) {
  return (
    // The title's link covers its source line too: two lines to tap on a phone, not one.
    <li data-item-id={article.id} className="relative focus-within:bg-accent-soft">
      <Link href={`/items/${article.id}`} data-item-link className={`after:absolute after:inset-0 after:content-[''] ${article.is_read ? 'text-muted' : 'font-medium'}`}>
        {article.title || 'Untitled'}
      </Link>
      <span className="block text-sm text-muted">
        {article.feeds.map((feed) => feed.title).join(', ')}
        {article.published_at ? ` · ${relativeDate(article.published_at)}` : ''}
        {article.is_read ? ' · read' : ' · unread'}
        {article.is_saved ? ', saved' : ''}
      </span>
    </li>
  );
}
