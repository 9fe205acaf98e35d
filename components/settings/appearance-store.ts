import { useCallback, useSyncExternalStore } from 'react';
import { TEXT_SIZE_STORAGE_KEY, THEME_STORAGE_KEY } from '@/components/shell/theme-script';
import { subscribeToStoredSetting } from '@/lib/client/storage-change';

/*
 * Theme and text size: kept in localStorage under the keys the head script reads before
 * first paint, and applied as <html data-theme> and <html data-text-size>, which the CSS
 * variables of app/globals.css follow. Absent values mean "follow the system" and "normal".
 */

export type ThemeChoice = 'system' | 'light' | 'dark';
export type TextSize = 'small' | 'normal' | 'large' | 'larger';

const changeEvent = 'tidings:appearance-change';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Without storage the choice lasts for this page only (the attribute below still applies it).
  }
}

/** The chosen theme as stored. */
export function readTheme(): ThemeChoice {
  const value = stored(THEME_STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The chosen text size as stored. */
export function readTextSize(): TextSize {
  const value = stored(TEXT_SIZE_STORAGE_KEY);
  return value === 'small' || value === 'large' || value === 'larger' ? value : 'normal';
}

const subscribe = subscribeToStoredSetting(changeEvent);

/** Applies and keeps a theme: `system` removes the pin so the device's preference decides. */
export function applyTheme(theme: ThemeChoice): void {
  store(THEME_STORAGE_KEY, theme === 'system' ? null : theme);
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  window.dispatchEvent(new Event(changeEvent));
}

/** Applies and keeps a text size for reading. */
export function applyTextSize(size: TextSize): void {
  store(TEXT_SIZE_STORAGE_KEY, size === 'normal' ? null : size);
  if (size === 'normal') delete document.documentElement.dataset.textSize;
  else document.documentElement.dataset.textSize = size;
  window.dispatchEvent(new Event(changeEvent));
}

/** The theme setting and its setter, in step across components and tabs. */
export function useTheme(): [ThemeChoice, (theme: ThemeChoice) => void] {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'system' as const);
  return [theme, useCallback((next: ThemeChoice) => applyTheme(next), [])];
}

/** The text size setting and its setter, in step across components and tabs. */
export function useTextSize(): [TextSize, (size: TextSize) => void] {
  const size = useSyncExternalStore(subscribe, readTextSize, () => 'normal' as const);
  return [size, useCallback((next: TextSize) => applyTextSize(next), [])];
}
