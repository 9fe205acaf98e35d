'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { errorSentence } from '@/lib/client/error-message';
import { fullDate } from '@/lib/client/relative-date';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey, type CreatedApiKey } from '@/lib/client/use-api-keys';
import { buttonClass, dangerButtonClass, fieldClass, labelClass, quietButtonClass } from '../control-styles';
import { CopyButton } from '../copy-button';
import { ConfirmGroup } from '../confirm-group';
import { CopyableText } from '@/components/copyable-text';
import { BanIcon, CheckIcon, KeyRoundIcon, XIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type RowProps = { apiKey: ApiKey; report: (message: string) => void; nameField: RefObject<HTMLInputElement | null> };

function KeyRow({ apiKey, report, nameField }: RowProps) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  // Cancelling removes the focused Cancel button; the Revoke button it replaced takes focus back.
  const revokeButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  const cancel = () => {
    cancelled.current = true;
    setConfirming(false);
  };
  useEffect(() => {
    if (confirming || !cancelled.current) return;
    cancelled.current = false;
    revokeButton.current?.focus();
  }, [confirming]);
  async function confirm() {
    try {
      await revoke(apiKey.id);
      // The row goes away with its buttons: focus goes to naming the next key.
      nameField.current?.focus();
      report(`The key “${apiKey.name}” is revoked; programs using it can no longer sign in.`);
    } catch (error) {
      report(errorSentence(error));
      cancel();
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-b border-line py-3">
      <div className="min-w-0">
        <h3 className="break-words font-medium">{apiKey.name}</h3>
        <p className="text-sm text-muted">
          <span className="font-mono">{apiKey.prefix}…</span>
          {' · created '}<time dateTime={apiKey.created_at}>{fullDate(apiKey.created_at)}</time>
          {' · '}{apiKey.last_used_at ? <>last used <time dateTime={apiKey.last_used_at}>{fullDate(apiKey.last_used_at)}</time></> : 'never used'}
        </p>
      </div>
      {confirming ? (
        <ConfirmGroup onCancel={cancel} aria-label={`Revoke ${apiKey.name}?`} className="flex flex-wrap items-center gap-2">
          <span className="text-sm">Revoke it for good?</span>
          <button type="button" className={dangerButtonClass} onClick={() => void confirm()}><ButtonIcon icon={BanIcon} />Yes, revoke</button>
          <button type="button" className={quietButtonClass} autoFocus onClick={cancel}><ButtonIcon icon={XIcon} />Cancel</button>
        </ConfirmGroup>
      ) : (
        <button ref={revokeButton} type="button" className={quietButtonClass} aria-label={`Revoke ${apiKey.name}`} onClick={() => setConfirming(true)}><ButtonIcon icon={BanIcon} />Revoke</button>
      )}
    </li>
  );
}

/** The account's API keys for other programs: list, create (the secret shown once, with Copy) and revoke. */
export function ApiKeys() {
  const { data: keys, error, isLoading, mutate } = useApiKeys();
  const failure = useReadFailure(Boolean(keys), error);
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [status, setStatus] = useState('');
  const secret = useRef<HTMLTextAreaElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), secret: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // `required` lets a name of spaces through; say so rather than do nothing.
    if (!name.trim()) {
      setStatus('Give the key a name; spaces alone are not one.');
      return;
    }
    try {
      setCreated(await create(name.trim()));
      setStatus('');
      setName('');
    } catch (failure) {
      setStatus(errorSentence(failure));
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">A key lets another program (a script, another reader) use your account through the API at <code>/v1</code>.</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <label htmlFor={ids.name} className={labelClass}>Name of the new key</label>
          <input ref={nameField} id={ids.name} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} placeholder="My script" className={`${fieldClass} mt-1`} />
        </div>
        <button type="submit" className={buttonClass}><ButtonIcon icon={KeyRoundIcon} />Create key</button>
      </form>
      <div role="status" aria-live="polite" className="text-sm">
        {status && <p>{status}</p>}
        {created && (
          <div className="rounded-md border border-success p-3 text-base">
            <p><strong className="text-success">Key “{created.name}” created.</strong> Copy it now: it is shown only this once.</p>
            <label htmlFor={ids.secret} className={`${labelClass} mt-2`}>The new key</label>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <CopyableText ref={secret} id={ids.secret} value={created.key} />
              <CopyButton text={created.key} label="Copy the new key" fallbackField={() => secret.current} />
            </div>
            <button type="button" className={`${quietButtonClass} mt-2`} onClick={() => { nameField.current?.focus(); setCreated(null); }}><ButtonIcon icon={CheckIcon} />I have copied it</button>
          </div>
        )}
      </div>
      {failure.signedOut && <SessionEndedNotice />}
      {failure.instead ? (
        <ErrorNotice error={failure.instead} onRetry={() => void mutate()} context="Your API keys could not be loaded" />
      ) : isLoading || !keys ? (
        <p role="status" className="text-muted">Loading keys…</p>
      ) : keys.length === 0 ? (
        <p className="text-muted">No API keys yet.</p>
      ) : (
        <ul aria-label="API keys" className="border-t border-line">
          {keys.map((apiKey) => <KeyRow key={apiKey.id} apiKey={apiKey} report={setStatus} nameField={nameField} />)}
        </ul>
      )}
    </div>
  );
}
