'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { ReadingText } from '@/components/reader/reading-text';
import { errorSentence } from '@/lib/client/error-message';
import { previewContentRules, useContentRules, useSaveContentRules, type ContentPreview, type ContentRules } from '@/lib/client/use-content-rules';
import { buttonClass, fieldClass, labelClass, primaryButtonClass } from '../control-styles';
import { CheckIcon, EyeIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/** What the person changed; a field left alone shows the saved rule. */
type Edits = { full?: boolean; content?: string; remove?: string };

function PreviewResult({ preview }: { preview: ContentPreview }) {
  return (
    <section aria-labelledby="full-article-preview-heading" className="mt-4 rounded-lg border border-line-strong p-3">
      <h3 id="full-article-preview-heading" className="font-semibold">
        {preview.item_title ? `Preview: ${preview.item_title}` : 'Preview'}
      </h3>
      {preview.url && (
        <p className="mt-1 text-sm text-muted">
          From <a href={preview.url} rel="noopener noreferrer" target="_blank" className="break-all">{preview.url}</a>
          {preview.content !== null && ` · ${preview.text_length} characters of text`}
        </p>
      )}
      {preview.content !== null
        ? <div className="max-h-96 overflow-y-auto"><ReadingText html={preview.content} /></div>
        : <p className="mt-2">{preview.message}</p>}
    </section>
  );
}

function RulesForm({ id, rules }: { id: string; rules: ContentRules }) {
  const save = useSaveContentRules();
  const [edits, setEdits] = useState<Edits>({});
  const [busy, setBusy] = useState<'save' | 'preview' | null>(null);
  const [status, setStatus] = useState('');
  const [preview, setPreview] = useState<ContentPreview | null>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const ids = { content: useId(), contentHint: useId(), remove: useId(), removeHint: useId() };
  const full = edits.full ?? rules.full_content;
  const content = edits.content ?? rules.content_selector ?? '';
  const remove = edits.remove ?? rules.remove_selector ?? '';
  const selectors = { content_selector: content.trim() || null, remove_selector: remove.trim() || null };

  async function tryPreview() {
    if (busy) return;
    setBusy('preview');
    setStatus('Fetching the latest item’s page…');
    try {
      const result = await previewContentRules(id, selectors);
      setPreview(result);
      setStatus(result.content !== null ? 'Preview ready below. Nothing was saved.' : `No article: ${result.message ?? ''}`);
    } catch (error) {
      setPreview(null);
      setStatus(errorSentence(error));
      statusLine.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy('save');
    try {
      await save(id, { full_content: full, ...selectors });
      setEdits({});
      setStatus(full ? 'Saved. New items will arrive with their full article.' : 'Saved. New items show the feed’s own content.');
    } catch (error) {
      setStatus(errorSentence(error));
      statusLine.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-1">
        <input type="checkbox" checked={full} onChange={(event) => setEdits((current) => ({ ...current, full: event.target.checked }))}
          className="mt-1 size-5 shrink-0 accent-accent" />
        <span>Always fetch the full article
          <span className="block text-sm text-muted">For feeds that publish summaries only: each new item’s web page is fetched and its article shown.</span>
        </span>
      </label>
      <div>
        <label htmlFor={ids.content} className={labelClass}>Article body (CSS selector)</label>
        <input id={ids.content} value={content} onChange={(event) => setEdits((current) => ({ ...current, content: event.target.value }))}
          aria-describedby={ids.contentHint} maxLength={500} spellCheck={false} autoCapitalize="off" placeholder="article .post-body"
          className={`${fieldClass} mt-1 font-mono`} />
        <p id={ids.contentHint} className="mt-1 text-sm text-muted">Optional. Leave empty and Tidings finds the article itself.</p>
      </div>
      <div>
        <label htmlFor={ids.remove} className={labelClass}>Parts to remove (CSS selector)</label>
        <input id={ids.remove} value={remove} onChange={(event) => setEdits((current) => ({ ...current, remove: event.target.value }))}
          aria-describedby={ids.removeHint} maxLength={500} spellCheck={false} autoCapitalize="off" placeholder=".ad, .share-bar"
          className={`${fieldClass} mt-1 font-mono`} />
        <p id={ids.removeHint} className="mt-1 text-sm text-muted">Optional. Dropped from the page before the article is taken.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass} aria-disabled={busy !== null} onClick={() => void tryPreview()}>
          <ButtonIcon icon={EyeIcon} />
          {busy === 'preview' ? 'Fetching…' : 'Preview'}
        </button>
        <button type="submit" className={primaryButtonClass} aria-disabled={busy !== null}><ButtonIcon icon={CheckIcon} />{busy === 'save' ? 'Saving…' : 'Save'}</button>
      </div>
      <p ref={statusLine} tabIndex={-1} role="status" className="min-h-6 text-sm">{status}</p>
      {preview && <PreviewResult preview={preview} />}
    </form>
  );
}

/**
 * A subscription's "Full article" rules: always fetch each new item's web page, optionally with
 * a CSS selector for the article and one for parts to remove, tried on the latest item with
 * Preview before they are saved.
 */
export function FullArticleRules({ id }: { id: string }) {
  const { data: rules, error } = useContentRules(id);
  if (error) return <p role="status">{errorSentence(error)}</p>;
  if (!rules) return <p role="status" className="text-muted">Loading the full-article settings…</p>;
  return <RulesForm id={id} rules={rules} />;
}
