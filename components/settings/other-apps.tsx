'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CopyableText } from '@/components/copyable-text';
import { ErrorNotice } from '@/components/error-notice';
import { errorSentence } from '@/lib/client/error-message';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { useAccount } from '@/lib/client/use-account';
import { useCreateApiKey, type CreatedApiKey } from '@/lib/client/use-api-keys';
import { useHydrated } from '@/lib/client/use-hydrated';
import { buttonClass, fieldClass, labelClass, quietButtonClass } from '../control-styles';
import { CopyButton } from '../copy-button';
import { keyNameFor, syncApps, syncProtocols, type SyncApp, type SyncProtocol } from './other-apps-guide';
import { CheckIcon, KeyRoundIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/** A labelled value with its Copy button: a server address or the user name. */
function CopyableRow({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <CopyableText ref={field} id={id} value={value} />
        <CopyButton text={value} label={copyLabel} fallbackField={() => field.current} />
      </div>
    </div>
  );
}

/** The account's email, the user name every protocol asks for. */
function UserName() {
  const { data: account, error, mutate } = useAccount();
  const failure = useReadFailure(Boolean(account), error);
  if (failure.instead) return <ErrorNotice error={failure.instead} onRetry={() => void mutate()} context="Your user name (the account’s email) could not be loaded" />;
  if (!account) return <p role="status" className="text-muted">Loading your user name…</p>;
  return <CopyableRow label="User name" copyLabel="Copy the user name" value={account.email} />;
}

type Made = { app: SyncApp; key: CreatedApiKey };

/** Makes a key named after one app and shows it once, with what to type it as. */
function KeyForApp() {
  const create = useCreateApiKey();
  const [appName, setAppName] = useState(syncApps[0].name);
  const [made, setMade] = useState<Made | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const appField = useRef<HTMLSelectElement>(null);
  const secret = useRef<HTMLTextAreaElement>(null);
  const ids = { app: useId(), secret: useId() };
  // The key is shown only this once: focus goes to it, selected, ready to copy.
  useEffect(() => {
    if (made) secret.current?.focus();
  }, [made]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const app = syncApps.find((candidate) => candidate.name === appName) ?? syncApps[0];
    setBusy(true);
    try {
      setMade({ app, key: await create(keyNameFor(app)) });
      setStatus('');
    } catch (failure) {
      setStatus(errorSentence(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={submit} aria-label="Make a key for an app" className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <label htmlFor={ids.app} className={labelClass}>App</label>
          <select ref={appField} id={ids.app} value={appName} onChange={(event) => setAppName(event.target.value)} className={`${fieldClass} mt-1`}>
            {syncApps.map((app) => <option key={app.name} value={app.name}>{app.name}</option>)}
          </select>
        </div>
        <button type="submit" className={buttonClass} aria-disabled={busy}><ButtonIcon icon={KeyRoundIcon} />Make a key for this app</button>
      </form>
      <div role="status" aria-live="polite" className="text-sm">
        {status && <p>{status}</p>}
        {made && (
          <div className="rounded-md border border-success p-3 text-base">
            <p>
              <strong className="text-success">Key “{made.key.name}” made.</strong> Copy it now: it is shown only this once.
              {' '}In {made.app.name === 'Other' ? 'the app' : made.app.name}, type it as the password.
            </p>
            <label htmlFor={ids.secret} className={`${labelClass} mt-2`}>Key for {made.app.name}</label>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <CopyableText ref={secret} id={ids.secret} value={made.key.key} />
              <CopyButton text={made.key.key} label={`Copy the key for ${made.app.name}`} fallbackField={() => secret.current} />
            </div>
            <button type="button" className={`${quietButtonClass} mt-2`} onClick={() => { appField.current?.focus(); setMade(null); }}><ButtonIcon icon={CheckIcon} />I have copied it</button>
          </div>
        )}
      </div>
    </>
  );
}

/**
 * "Use with other apps": the addresses of the sync protocols on this install, the user name, a
 * key made for one app (listed and revoked with the other API keys), and how common apps set up.
 */
export function OtherApps() {
  // The addresses are this page's origin, which only the browser knows.
  const origin = useHydrated() ? window.location.origin : '';
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        Apps you already use can read and listen from this Tidings, and what you do in one shows in the other.
        Give the app the address of the protocol it speaks, your email as the user name, and an API key as the password:
        make one for each app, so that you can revoke it alone.
      </p>
      <div className="space-y-3">
        <h3 className="font-semibold">Server addresses</h3>
        {(Object.keys(syncProtocols) as SyncProtocol[]).map((protocol) => (
          <CopyableRow
            key={protocol} label={`${syncProtocols[protocol].name} address`} copyLabel={`Copy the ${syncProtocols[protocol].name} address`}
            value={`${origin}${syncProtocols[protocol].path}`} />
        ))}
        <UserName />
      </div>
      <div className="space-y-3">
        <h3 className="font-semibold">A key for an app</h3>
        <KeyForApp />
      </div>
      <div>
        <h3 className="font-semibold">Setting up an app</h3>
        <ul aria-label="How apps are set up" className="mt-2 space-y-2">
          {syncApps.map((app) => (
            <li key={app.name}>
              <h4 className="font-medium">{app.name}</h4>
              <p className="text-sm">
                {app.protocol && <>{syncProtocols[app.protocol].name}. </>}{app.where}
                {app.atRoot && origin && <> Server: <code>{origin}</code></>}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
