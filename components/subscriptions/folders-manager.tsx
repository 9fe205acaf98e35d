'use client';

import Link from '@/components/shell/intent-link';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { errorSentence } from '@/lib/client/error-message';
import { useCreateFolder, useDeleteFolder, useUpdateFolder } from '@/lib/client/use-folder-actions';
import { useFolders, type Folder } from '@/lib/client/use-folders';
import { buttonClass, dangerButtonClass, fieldClass, labelClass, quietButtonClass } from '../control-styles';
import { ConfirmGroup } from '../confirm-group';
import { CheckIcon, FolderPlusIcon, PencilIcon, PinIcon, PinOffIcon, Trash2Icon, XIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type Report = (message: string) => void;

type RowProps = { folder: Folder; report: Report; nameField: RefObject<HTMLInputElement | null> };

function FolderRow({ folder, report, nameField }: RowProps) {
  const update = useUpdateFolder();
  const remove = useDeleteFolder();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(folder.name);
  const inputId = useId();
  // Ending a rename or a delete removes the focused control; its button takes focus back.
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<RefObject<HTMLButtonElement | null> | null>(null);
  const backToView = () => {
    returnTo.current = mode === 'delete' ? deleteButton : renameButton;
    setMode('view');
  };
  useEffect(() => {
    if (mode !== 'view' || !returnTo.current) return;
    returnTo.current.current?.focus();
    returnTo.current = null;
  }, [mode]);

  async function rename(event: FormEvent) {
    event.preventDefault();
    // `required` lets a name of spaces through; say so rather than do nothing.
    if (!name.trim()) return report('Give the folder a name; spaces alone are not one.');
    try {
      await update(folder.id, { name: name.trim() });
      report(`Folder renamed to ${name.trim()}.`);
      backToView();
    } catch (error) {
      report(errorSentence(error));
    }
  }

  async function togglePin() {
    try {
      await update(folder.id, { is_pinned: !folder.is_pinned });
      report(`${folder.name} ${folder.is_pinned ? 'unpinned' : 'pinned'}.`);
    } catch (error) {
      report(errorSentence(error));
    }
  }

  async function confirmDelete() {
    try {
      await remove(folder.id);
      // The row goes away with its buttons; the next thing to do is name another folder.
      nameField.current?.focus();
      report(`Folder ${folder.name} deleted; its subscriptions are now in no folder.`);
    } catch (error) {
      report(errorSentence(error));
      backToView();
    }
  }

  return (
    <li className="border-b border-line py-2">
      {mode === 'rename' ? (
        <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
          <div className="min-w-40 flex-1">
            <label htmlFor={inputId} className={labelClass}>{`New name for ${folder.name}`}</label>
            <input id={inputId} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} autoFocus className={`${fieldClass} mt-1`} />
          </div>
          <button type="submit" className={buttonClass}><ButtonIcon icon={CheckIcon} />Save name</button>
          <button type="button" className={quietButtonClass} onClick={() => { setName(folder.name); backToView(); }}><ButtonIcon icon={XIcon} />Cancel</button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {/* At least 10rem for the name: on a narrow screen the buttons wrap below it instead. */}
          {/* The name's link covers its count too: a two-line target a finger can find, not one line of text. */}
          <div className="relative min-w-0 flex-1 basis-40">
            <h3 className="font-medium">
              <Link href={`/subscriptions?folder=${folder.id}`} className="break-words text-ink after:absolute after:inset-0 after:content-['']">{folder.name}</Link>
            </h3>
            <p className="text-sm text-muted">{folder.unread_count} unread{folder.is_pinned ? ' · pinned' : ''}</p>
          </div>
          {mode === 'delete' ? (
            <ConfirmGroup onCancel={backToView} aria-label={`Delete ${folder.name}?`} className="flex flex-wrap items-center gap-2">
              <span className="text-sm">Delete {folder.name}? Its subscriptions stay, in no folder.</span>
              <button type="button" className={dangerButtonClass} onClick={() => void confirmDelete()}><ButtonIcon icon={Trash2Icon} />Yes, delete</button>
              <button type="button" className={quietButtonClass} autoFocus onClick={backToView}><ButtonIcon icon={XIcon} />Cancel</button>
            </ConfirmGroup>
          ) : (
            <div className="flex flex-wrap gap-1">
              <button ref={renameButton} type="button" className={quietButtonClass} aria-label={`Rename ${folder.name}`} onClick={() => setMode('rename')}><ButtonIcon icon={PencilIcon} />Rename</button>
              <button type="button" className={quietButtonClass} aria-label={`${folder.is_pinned ? 'Unpin' : 'Pin'} ${folder.name}`} onClick={() => void togglePin()}>
                <ButtonIcon icon={folder.is_pinned ? PinOffIcon : PinIcon} />
                {folder.is_pinned ? 'Unpin' : 'Pin'}
              </button>
              <button ref={deleteButton} type="button" className={quietButtonClass} aria-label={`Delete ${folder.name}`} onClick={() => setMode('delete')}><ButtonIcon icon={Trash2Icon} />Delete</button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/** The person's folders: create, rename, pin and delete (first-party; loaded only in local mode). */
export function FoldersManager() {
  const { data: folders, error, isLoading, mutate } = useFolders();
  const create = useCreateFolder();
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const inputId = useId();
  const nameField = useRef<HTMLInputElement>(null);

  const failure = useReadFailure(Boolean(folders), error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setStatus('Give the folder a name; spaces alone are not one.');
    try {
      const folder = await create(name.trim());
      setStatus(`Folder ${folder.name} created.`);
      setName('');
    } catch (error) {
      setStatus(errorSentence(error));
    }
  }

  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <label htmlFor={inputId} className={labelClass}>New folder name</label>
          <input ref={nameField} id={inputId} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} className={`${fieldClass} mt-1`} />
        </div>
        <button type="submit" className={buttonClass}><ButtonIcon icon={FolderPlusIcon} />Create folder</button>
      </form>
      <p role="status" className="min-h-6 text-sm">{status}</p>
      {/* Folders already shown stay when fetching them again fails (offline, say); the notice says why. */}
      {failure.signedOut && <SessionEndedNotice />}
      {(failure.instead ?? failure.beside) && (
        <ErrorNotice error={failure.instead ?? failure.beside} onRetry={() => void mutate()} context={folders ? 'Your folders could not be brought up to date' : 'Your folders could not be loaded'} />
      )}
      {failure.instead ? null : isLoading ? (
        <p role="status" className="text-muted">Loading folders…</p>
      ) : folders && folders.length > 0 ? (
        <ul aria-label="Folders" className="border-t border-line">
          {folders.map((folder) => <FolderRow key={folder.id} folder={folder} report={setStatus} nameField={nameField} />)}
        </ul>
      ) : (
        <p className="text-muted">No folders yet. Folders group subscriptions in the inbox’s sidebar.</p>
      )}
    </div>
  );
}
