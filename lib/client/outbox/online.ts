/** Whether the browser says it is online; true where it cannot tell (no navigator). */
export function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
