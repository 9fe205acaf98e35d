'use client';

import { useMarkReadMode, type MarkReadMode } from '@/lib/client/reading-preferences';
import { useTextSize, useTheme, type TextSize, type ThemeChoice } from './appearance-store';
import { ChoiceGroup } from './choice-group';

const themes: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'As the device' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const sizes: { value: TextSize; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'normal', label: 'Normal' },
  { value: 'large', label: 'Large' },
  { value: 'larger', label: 'Larger' },
];

const markRead: { value: MarkReadMode; label: string }[] = [
  { value: 'on-open', label: 'When I open it' },
  { value: 'on-scroll', label: 'When I scroll past it in the inbox' },
  { value: 'manual', label: 'Only when I mark it' },
];

/** Theme and reading text size, applied at once and kept on this device. */
export function AppearanceSettings() {
  const [theme, setTheme] = useTheme();
  const [size, setSize] = useTextSize();
  return (
    <div className="space-y-4">
      <ChoiceGroup legend="Theme" hint="Dark and light pin a theme; otherwise the device’s setting decides." value={theme} choices={themes} onChange={setTheme} />
      <ChoiceGroup legend="Text size" hint="The size of article text in the reader." value={size} choices={sizes} onChange={setSize} />
      <p className="reading rounded-md border border-line p-3" aria-hidden>This is how articles read at this size.</p>
    </div>
  );
}

/** When an item counts as read, shared with the inbox and the reader. */
export function ReadingSettings() {
  const [mode, setMode] = useMarkReadMode();
  return (
    <ChoiceGroup
      legend="Mark an item read"
      hint="Applies in the reader and the inbox; you can always mark items read or unread by hand."
      value={mode}
      choices={markRead}
      onChange={setMode}
    />
  );
}
