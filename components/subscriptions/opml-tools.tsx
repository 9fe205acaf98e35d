'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/client/api-client';
import { errorSentence, refusedFields } from '@/lib/client/error-message';
import { useExportOpml, useImportOpml, useImportProgress, type OpmlImportProgress, type OpmlImportResult } from '@/lib/client/use-opml';
import { buttonClass, labelClass } from '../control-styles';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

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
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** Failures listed by name; a file of thousands that all fail would otherwise be a page of thousands of lines. */
const failuresShown = 20;

/** What an import did, in one sentence: a file with no feeds in it says so rather than "Imported 0 feeds". */
function importSummary(result: OpmlImportResult): string {
  const total = result.imported + result.already_subscribed + result.failed.length;
  if (total === 0) return 'That file lists no feeds, so nothing was imported.';
  const summary = `Imported ${plural(result.imported, 'feed', 'feeds')}; ${result.already_subscribed.toLocaleString('en-US')} already subscribed; ${result.failed.length.toLocaleString('en-US')} failed.`;
  if (result.duplicates === 0) return summary;
  const repeated = result.duplicates === 1
    ? '1 repeated address in the file was imported once.'
    : `${result.duplicates.toLocaleString('en-US')} repeated addresses in the file were imported once.`;
  return `${summary} ${repeated}`;
}

/** Where the background fetch of imported feeds stands, in one sentence; nothing when no import was fetched. */
function progressSentence(progress: OpmlImportProgress | undefined): string {
  if (!progress || progress.total === 0) return '';
  const failed = progress.failed.length ? `; ${plural(progress.failed.length, 'feed', 'feeds')} failed` : '';
  if (progress.running) return `Fetching ${progress.fetched.toLocaleString('en-US')} of ${plural(progress.total, 'imported feed', 'imported feeds')}${failed}.`;
  return `Fetched ${plural(progress.total, 'imported feed', 'imported feeds')}${failed}.`;
}

/** The import's own field: a refusal that names it is about the chosen file. */
const opmlField = 'opml';

/**
 * Why an import was refused, told apart by status and the field the refusal names (SPEC.md gives no
 * error codes, and the wording is the service's to change): a 422 about the file means it is not an
 * OPML document, said with what to choose instead; any other refusal about the file (413: more feeds
 * than one import takes) is the service's sentence, its field name read as "that file".
 */
function importFailure(error: unknown): string {
  if (!(error instanceof ApiError) || !refusedFields(error).includes(opmlField)) return errorSentence(error);
  if (error.status === 422) {
    return 'Nothing was imported: that file is not an OPML document. Choose the .opml file your other reader exports (often under Settings, Import or Export).';
  }
  return `Nothing was imported: ${error.message.replace(/^opml\b/, 'that file')}`;
}

/** Feeds that failed, the first `failuresShown` by address and reason, with a count of the rest; nothing when none failed. */
function FailureList({ failures, heading, label }: { failures: OpmlImportResult['failed']; heading: string; label: string }) {
  if (!failures.length) return null;
  return (
    <>
      <p className="mt-2 font-medium">{heading}</p>
      <ul aria-label={label} className="mt-1 list-disc space-y-1 pl-5">
        {failures.slice(0, failuresShown).map((failure) => (
          <li key={failure.url}><span className="break-all font-mono">{failure.url}</span>: {failure.message}</li>
        ))}
      </ul>
      {failures.length > failuresShown && <p className="mt-1">…and {(failures.length - failuresShown).toLocaleString('en-US')} more.</p>}
    </>
  );
}

/** OPML import (a file from another reader) and export (a download of every subscription, by folder); local mode only. */
export function OpmlTools() {
  const importOpml = useImportOpml();
  const exportOpml = useExportOpml();
  const progress = useImportProgress();
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
    setStatus('Importing…');
    try {
      const text = await readText(chosen);
      if (!text.trim()) {
        setStatus(`Nothing was imported: ${chosen.name} is empty. Choose the .opml file your other reader exports.`);
        return;
      }
      const answer = await importOpml(text);
      setResult(answer);
      setStatus(importSummary(answer));
    } catch (error) {
      setStatus(importFailure(error));
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
        <button type="submit" aria-disabled={busy !== null} className={buttonClass}><ButtonIcon icon={UploadIcon} />{busy === 'import' ? 'Importing…' : 'Import'}</button>
      </form>
      <div>
        <button type="button" aria-disabled={busy !== null} onClick={() => busy === null && void download()} className={buttonClass}>
          <ButtonIcon icon={DownloadIcon} />
          {busy === 'export' ? 'Preparing…' : 'Export OPML'}
        </button>
      </div>
      <div className="text-sm">
        {/* Only the summary is announced; the list of failures is there to read, not to be read out. */}
        <p role="status" aria-live="polite">{status}</p>
        {/* Read every second while it runs: announcing each count would drown the page, so it is not a live region. */}
        {progressSentence(progress) && <p className="mt-1">{progressSentence(progress)}</p>}
        {result && <FailureList failures={result.failed} heading="These could not be imported:" label="Feeds that could not be imported" />}
        {progress && !progress.running && (
          <FailureList failures={progress.failed} heading="These were imported but could not be fetched:" label="Imported feeds that could not be fetched" />
        )}
      </div>
    </div>
  );
}
