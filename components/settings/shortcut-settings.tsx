'use client';

import { useState, type KeyboardEvent } from 'react';
import { conflictFor, keyFor, useShortcutRemap } from '@/lib/client/shortcut-remap';
import { defaultShortcuts, type ShortcutAction } from '@/lib/client/shortcuts';
import { buttonClass } from '../control-styles';
import { RotateCcwIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/** Keys a person needs to move around the form; they are never taken as a shortcut. */
const reserved = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'Escape', 'CapsLock', 'Dead', 'Unidentified']);

function shown(key: string): string {
  return key === ' ' ? 'Space' : key;
}

function labelOf(action: ShortcutAction): string {
  return defaultShortcuts.find((shortcut) => shortcut.action === action)!.label;
}

/**
 * Remaps the keyboard shortcuts: focus a field and press the new key (Backspace puts the
 * default back). A key another action already uses is refused with the reason.
 */
export function ShortcutSettings() {
  const { remapped, setKey, reset } = useShortcutRemap();
  const [status, setStatus] = useState('');

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, action: ShortcutAction, label: string) {
    if (reserved.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    if (event.key === 'Backspace' || event.key === 'Delete') {
      // The default may have been given to another action meanwhile: two actions on one key would
      // leave the second unreachable, so that is refused like any key in use.
      const defaults = defaultShortcuts.find((shortcut) => shortcut.action === action)!.keys;
      for (const fallback of defaults) {
        const taken = conflictFor(remapped, action, fallback);
        if (taken) {
          setStatus(`${shown(fallback)}, the default, is now the key for “${labelOf(taken)}”; change that one first.`);
          return;
        }
      }
      setKey(action, '');
      setStatus(`${label}: back to ${shown(keyFor({}, action))}.`);
      return;
    }
    const clash = conflictFor(remapped, action, event.key);
    if (clash) {
      setStatus(`${shown(event.key)} is already the key for “${labelOf(clash)}”; choose another.`);
      return;
    }
    setKey(action, event.key);
    setStatus(`${label}: now ${shown(event.key)}.`);
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">Focus a key and press the one you want instead; Backspace restores the default.</p>
      <ul aria-label="Keyboard shortcuts" className="divide-y divide-line border-y border-line">
        {defaultShortcuts.map(({ action, label, keys }) => {
          const id = `shortcut-${action}`;
          return (
            // No wrapping: a long name wraps within its own column, so its key stays beside it on a phone.
            <li key={action} className="flex items-center justify-between gap-3 py-2">
              <label htmlFor={id} className="min-w-0 flex-1">{label}</label>
              <input
                id={id}
                readOnly
                value={shown(keyFor(remapped, action))}
                onKeyDown={(event) => onKeyDown(event, action, label)}
                aria-describedby={`${id}-default`}
                className="min-h-11 w-24 shrink-0 rounded-md border border-line-strong bg-canvas px-3 text-center font-mono"
              />
              <span id={`${id}-default`} className="sr-only">{`Default: ${keys.map(shown).join(' or ')}`}</span>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={buttonClass} onClick={() => { reset(); setStatus('All shortcuts are back to their defaults.'); }}>
          <ButtonIcon icon={RotateCcwIcon} />
          Restore defaults
        </button>
        <p role="status" className="text-sm">{status}</p>
      </div>
    </div>
  );
}
