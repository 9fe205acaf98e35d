'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { errorSentence } from '@/lib/client/error-message';
import { useExportOpml, useImportOpml, type OpmlImportResult } from '@/lib/client/use-opml';
import { buttonClass, labelClass } from '../control-styles';

/** A chosen file's text (FileReader works where Blob.text() does not, such as older Safari). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** OPML import (a file from another reader) and export (a download of every subscription, by folder); local mode only. */
export function OpmlTools() {
  const importOpml = useImportOpml();
  const exportOpml = useExportOpml();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'import' | 'export' | null>(null);
  const [result, setResult] = useState<OpmlImportResult | null>(null);
  const [status, setStatus] = useState('');
  const fileId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setStatus('Choose an OPML file first.');
      return;
    }
    setBusy('import');
    setResult(null);
    setStatus('Importing… each new feed is fetched, which can take a while.');
    try {
      const answer = await importOpml(await readText(chosen));
      setResult(answer);
      setStatus(`Imported ${plural(answer.imported, 'feed', 'feeds')}; ${answer.already_subscribed} already subscribed; ${answer.failed.length} failed.`);
    } catch (error) {
      setStatus(errorSentence(error));
    } finally {
      setBusy(null);
    }
  }

  async function download() {
    setBusy('export');
    try {
      const filename = await exportOpml();
      setStatus(`Downloaded ${filename}.`);
    } catch (error) {
      setStatus(errorSentence(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={fileId} className={labelClass}>OPML file to import</label>
        <input
          ref={file}
          id={fileId}
          type="file"
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-line-strong file:bg-canvas file:px-4 file:font-medium file:text-ink"
        />
        <button type="submit" aria-disabled={busy !== null} className={buttonClass}>{busy === 'import' ? 'Importing…' : 'Import'}</button>
      </form>
      <div>
        <button type="button" aria-disabled={busy !== null} onClick={() => busy === null && void download()} className={buttonClass}>
          {busy === 'export' ? 'Preparing…' : 'Export OPML'}
        </button>
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {status && <p>{status}</p>}
        {result && result.failed.length > 0 && (
          <>
            <p className="mt-2 font-medium">These could not be imported:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {result.failed.map((failure) => (
                <li key={failure.url}><span className="break-all font-mono">{failure.url}</span>: {failure.message}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
