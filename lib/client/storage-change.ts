/**
 * A subscribe function, for useSyncExternalStore, over a setting kept in localStorage: it calls
 * back when another tab writes storage, and when this tab fires `changeEvent` after writing it.
 */
export function subscribeToStoredSetting(changeEvent: string): (onChange: () => void) => () => void {
  return (onChange) => {
    window.addEventListener('storage', onChange);
    window.addEventListener(changeEvent, onChange);
    return () => {
      window.removeEventListener('storage', onChange);
      window.removeEventListener(changeEvent, onChange);
    };
  };
}
