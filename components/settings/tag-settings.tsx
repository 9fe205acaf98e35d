'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import Link from '@/components/shell/intent-link';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { errorSentence } from '@/lib/client/error-message';
import { inboxHref } from '@/lib/client/inbox-view';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { useTags, type TagWithCounts } from '@/lib/client/use-sources';
import { useDeleteTag, useRenameTag } from '@/lib/client/use-tag-actions';
import { fieldClass, labelClass, primaryButtonClass, quietButtonClass } from '../control-styles';
import { OrganiseRow } from './organise-row';
import { MergeIcon, XIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

const itemCount = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'item' : 'items'}`;

type MergeProps = { tag: TagWithCounts; others: TagWithCounts[]; close: (message?: string, gone?: boolean) => void };

/** Picks the tag that takes this one's items; the service merges by renaming onto its name. */
function MergeForm({ tag, others, close }: MergeProps) {
  const rename = useRenameTag();
  const [target, setTarget] = useState(others[0]?.id ?? '');
  const [problem, setProblem] = useState('');
  const field = useId();
  if (!others.length) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        There is no other tag to merge {tag.name} into.
        <button type="button" className={quietButtonClass} autoFocus onClick={() => close()}><ButtonIcon icon={XIcon} />Cancel</button>
      </p>
    );
  }
  async function merge(event: FormEvent) {
    event.preventDefault();
    const into = others.find((other) => other.id === target);
    if (!into) return;
    try {
      await rename(tag.id, into.name);
      close(`Merged ${tag.name} into ${into.name}.`, true);
    } catch (error) {
      setProblem(errorSentence(error));
    }
  }
  return (
    <form onSubmit={merge} className="flex flex-wrap items-end gap-2">
      <div className="min-w-40 flex-1">
        <label htmlFor={field} className={labelClass}>Merge {tag.name} into</label>
        <select id={field} value={target} onChange={(event) => setTarget(event.target.value)} autoFocus className={`${fieldClass} mt-1`}>
          {others.map((other) => <option key={other.id} value={other.id}>{other.name}</option>)}
        </select>
        <p className="mt-1 text-sm text-muted">Its items get the chosen tag, and {tag.name} goes.</p>
        {problem && <p role="alert" className="mt-1 text-sm text-danger">{problem}</p>}
      </div>
      <button type="submit" className={primaryButtonClass}><ButtonIcon icon={MergeIcon} />Merge</button>
      <button type="button" className={quietButtonClass} onClick={() => close()}><ButtonIcon icon={XIcon} />Cancel</button>
    </form>
  );
}

/** Settings › Tags: every tag of the account with its item count, to rename, merge into another, or delete. */
export function TagSettings() {
  const tags = useTags();
  const failure = useReadFailure(Boolean(tags.data), tags.error);
  const rename = useRenameTag();
  const remove = useDeleteTag();
  const [status, setStatus] = useState('');
  // A deleted or merged row goes with its focused button: focus goes to the sentence saying so.
  const statusLine = useRef<HTMLParagraphElement>(null);
  const report = (message: string, gone = false) => {
    setStatus(message);
    if (gone) statusLine.current?.focus();
  };

  if (failure.instead) return <ErrorNotice error={failure.instead} onRetry={() => void tags.mutate()} context="Your tags could not be loaded" />;
  if (!tags.data) return <p role="status" className="text-muted">Loading tags…</p>;
  return (
    <div className="mt-4">
      {failure.signedOut && <SessionEndedNotice />}
      <p ref={statusLine} tabIndex={-1} role="status" aria-live="polite" className="min-h-6 text-sm">{status}</p>
      {tags.data.length === 0 ? (
        <p className="text-muted">No tags yet: add tags to an item from the reader, and they appear here.</p>
      ) : (
        <ul aria-label="Tags" className="border-t border-line">
          {tags.data.map((tag) => {
            const others = tags.data!.filter((other) => other.id !== tag.id);
            return (
              <OrganiseRow
                key={tag.id}
                name={tag.name}
                noun="tag"
                details={
                  <>
                    {`${itemCount(tag.item_count)} · ${tag.unread_count.toLocaleString('en')} unread · `}
                    <Link href={inboxHref({ view: 'all', type: null, source: { kind: 'tag', id: tag.id } })} className="underline">
                      Open<span className="sr-only"> {tag.name}</span>
                    </Link>
                  </>
                }
                renameHint="A name another tag has merges the two."
                maxLength={64}
                onRename={async (name) => {
                  const renamed = await rename(tag.id, name);
                  return renamed.id === tag.id
                    ? { message: `Renamed ${tag.name} to ${renamed.name}.`, gone: false }
                    : { message: `Merged ${tag.name} into ${renamed.name}.`, gone: true };
                }}
                onDelete={() => remove(tag.id)}
                deleteQuestion={`Delete ${tag.name}? Its ${itemCount(tag.item_count)} stay, without the tag.`}
                report={report}
                extra={{
                  label: 'Merge',
                  icon: MergeIcon,
                  render: (close) => <MergeForm tag={tag} others={others} close={close} />,
                }}
              />
            );
          })}
        </ul>
      )}
      {failure.beside && <div className="mt-4"><ErrorNotice error={failure.beside} onRetry={() => void tags.mutate()} context="Your tags could not be brought up to date" /></div>}
    </div>
  );
}
