'use client';

import { useId } from 'react';
import { useFolders } from '@/lib/client/use-folders';
import { fieldClass, labelClass } from '../control-styles';

type Props = {
  label: string;
  value: string | null;
  onChange: (folderId: string | null) => void;
  /** Text of the "no folder" choice. */
  noneLabel?: string;
  className?: string;
};

/** A select of the person's folders (first-party), with a choice for no folder. */
export function FolderPicker({ label, value, onChange, noneLabel = 'No folder', className = '' }: Props) {
  const { data: folders, error } = useFolders();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || null)} className={`${fieldClass} mt-1`}>
        <option value="">{noneLabel}</option>
        {(folders ?? []).map((folder) => <option key={folder.id} value={folder.id}>{folder.name}</option>)}
      </select>
      {error && <p className="mt-1 text-sm text-danger">The folders could not be loaded.</p>}
    </div>
  );
}
