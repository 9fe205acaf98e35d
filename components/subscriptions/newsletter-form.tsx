'use client';

import Link from '@/components/shell/intent-link';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorSentence } from '@/lib/client/error-message';
import { useCreateNewsletter, type NewsletterResult } from '@/lib/client/use-subscription-actions';
import { buttonClass, fieldClass, labelClass } from '../control-styles';
import { CopyButton } from '../copy-button';
import { CopyableText } from '@/components/copyable-text';
import { MailPlusIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/** Creates a newsletter subscription with its own address, shown with a Copy button to paste into the sign-up form. */
export function NewsletterForm() {
  const create = useCreateNewsletter();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<NewsletterResult | null>(null);
  const [failure, setFailure] = useState('');
  const address = useRef<HTMLTextAreaElement>(null);
  const ids = { title: useId(), address: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // `required` lets a name of spaces through, which the service would refuse.
    if (!title.trim()) return setFailure('Give the newsletter a name; spaces alone are not one.');
    setBusy(true);
    setFailure('');
    try {
      setCreated(await create(title.trim()));
      setTitle('');
    } catch (error) {
      setFailure(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor={ids.title} className={labelClass}>Newsletter name</label>
          <input
            id={ids.title}
            name="title"
            required
            maxLength={256}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder="Weekly digest"
            className={`${fieldClass} mt-1`}
          />
        </div>
        <button type="submit" aria-disabled={busy} className={buttonClass}><ButtonIcon icon={MailPlusIcon} />{busy ? 'Creating…' : 'Create address'}</button>
      </form>
      <div role="status" aria-live="polite">
        {failure && <p className="text-danger">{failure}</p>}
        {created && (
          <div className="rounded-md border border-success p-3">
            <p><strong className="text-success">Address created</strong> for {created.title}. Use it to sign up; its mail arrives as items.</p>
            <label htmlFor={ids.address} className={`${labelClass} mt-2`}>Newsletter address</label>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <CopyableText ref={address} id={ids.address} value={created.newsletter_address} />
              <CopyButton text={created.newsletter_address} label="Copy the newsletter address" fallbackField={() => address.current} />
            </div>
            <p className="mt-2"><Link href={`/subscriptions/${created.id}`}>Open {created.title}</Link></p>
          </div>
        )}
      </div>
    </div>
  );
}
