'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { errorSentence } from '@/lib/client/error-message';
import { fullDate } from '@/lib/client/relative-date';
import {
  readLaterNames, useLinkReadLater, useReadLaterLinks, useUnlinkReadLater,
  type ReadLaterCredentials, type ReadLaterLink, type ReadLaterService,
} from '@/lib/client/use-read-later';
import { buttonClass, fieldClass, labelClass, quietButtonClass } from '../control-styles';
import { LinkIcon, UnlinkIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type Field = {
  name: keyof ReadLaterCredentials; label: string; type: 'text' | 'password' | 'url'; autoComplete: string; hint?: string; optional?: boolean;
};

const services: Record<ReadLaterService, { name: string; fields: Field[] }> = {
  instapaper: {
    name: readLaterNames.instapaper,
    fields: [
      { name: 'username', label: 'Email or username', type: 'text', autoComplete: 'username' },
      { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
    ],
  },
  readwise: {
    name: readLaterNames.readwise,
    fields: [{ name: 'token', label: 'Access token', type: 'password', autoComplete: 'off', hint: 'From readwise.io/access_token.' }],
  },
  raindrop: {
    name: readLaterNames.raindrop,
    fields: [{ name: 'token', label: 'Test token', type: 'password', autoComplete: 'off', hint: 'From an app in Raindrop’s integration settings.' }],
  },
  wallabag: {
    name: readLaterNames.wallabag,
    fields: [
      { name: 'base_url', label: 'Server address', type: 'url', autoComplete: 'url', hint: 'Leave empty for app.wallabag.it.', optional: true },
      { name: 'client_id', label: 'Client ID', type: 'text', autoComplete: 'off' },
      { name: 'client_secret', label: 'Client secret', type: 'password', autoComplete: 'off' },
      { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
      { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
    ],
  },
};

function ServiceLink({ link }: { link: ReadLaterLink }) {
  const connect = useLinkReadLater();
  const disconnect = useUnlinkReadLater();
  const service = services[link.service];
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const baseId = useId();
  // Linking swaps the form (and its focused button) for Unlink, and unlinking swaps back: the
  // control that appears takes focus, or keyboard users would start again from <body>.
  const unlinkButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    (link.linked ? unlinkButton.current : form.current?.querySelector('input'))?.focus();
  }, [link.linked]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const credentials = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')) as ReadLaterCredentials;
    setBusy(true);
    setStatus(`Checking with ${service.name}…`);
    // Set before the call: the links cache may change (and the effect run) before it answers.
    switched.current = true;
    try {
      const linked = await connect(link.service, credentials);
      setValues({});
      setStatus(`${service.name} is linked${linked.account ? ` as ${linked.account}` : ''}.`);
    } catch (error) {
      switched.current = false;
      setStatus(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  async function unlink() {
    setBusy(true);
    switched.current = true;
    try {
      await disconnect(link.service);
      setStatus(`${service.name} is unlinked.`);
    } catch (error) {
      switched.current = false;
      setStatus(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="border-b border-line py-4">
      <h3 className="font-semibold">{service.name}</h3>
      {link.linked ? (
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <p className="text-sm">
            <span className="font-medium text-success">Linked</span>
            {link.account ? ` as ${link.account}` : ''}
            {link.linked_at ? <>{' since '}<time dateTime={link.linked_at}>{fullDate(link.linked_at)}</time></> : ''}
          </p>
          <button ref={unlinkButton} type="button" aria-disabled={busy} onClick={() => !busy && void unlink()} className={quietButtonClass} aria-label={`Unlink ${service.name}`}>
            <ButtonIcon icon={UnlinkIcon} />
            Unlink
          </button>
        </div>
      ) : (
        <form ref={form} onSubmit={submit} className="mt-2 grid gap-3 sm:grid-cols-2" aria-label={`Link ${service.name}`}>
          {service.fields.map((field) => {
            const id = `${baseId}-${field.name}`;
            return (
              // Side by side, a field under a hint lines up with its neighbour: the words on top, the boxes at the bottom.
              <div key={field.name} className="flex flex-col justify-between">
                <div>
                  <label htmlFor={id} className={labelClass}>{field.label}</label>
                  {field.hint && <p id={`${id}-hint`} className="text-sm text-muted">{field.hint}</p>}
                </div>
                <input
                  id={id}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  required={!field.optional}
                  value={values[field.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                  aria-describedby={field.hint ? `${id}-hint` : undefined}
                  className={`${fieldClass} mt-1`}
                />
              </div>
            );
          })}
          <div className="sm:col-span-2">
            <button type="submit" aria-disabled={busy} className={buttonClass}><ButtonIcon icon={LinkIcon} />{busy ? 'Linking…' : `Link ${service.name}`}</button>
          </div>
        </form>
      )}
      <p role="status" className="mt-2 min-h-6 text-sm">{status}</p>
    </li>
  );
}

/** Read-later services: link each with its credentials (checked with the service), or unlink it. */
export function ReadLaterLinks() {
  const { data: links, error, isLoading, mutate } = useReadLaterLinks();
  const failure = useReadFailure(Boolean(links), error);
  if (failure.instead) return <ErrorNotice error={failure.instead} onRetry={() => void mutate()} context="Your read-later links could not be loaded" />;
  if (isLoading || !links) return <p role="status" className="text-muted">Loading read-later services…</p>;
  return (
    <>
      {failure.signedOut && <SessionEndedNotice />}
      <p className="text-sm text-muted">Linked services appear in the reader’s Send to menu. Credentials are kept encrypted on this server.</p>
      <ul aria-label="Read-later services">
        {links.map((link) => <ServiceLink key={link.service} link={link} />)}
      </ul>
    </>
  );
}
