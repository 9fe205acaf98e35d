/** Where the settings page keeps the chosen theme (`light`, `dark`; absent = system). */
export const THEME_STORAGE_KEY = 'tidings:theme';
/** Where the settings page keeps the reading text size (`small`, `large`, `larger`; absent = normal). */
export const TEXT_SIZE_STORAGE_KEY = 'tidings:text-size';

// Runs before first paint so a pinned theme never flashes the system one.
// Storage can throw (privacy modes); the system theme is then a fine fallback.
const script = `try{var d=document.documentElement,t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(t==="light"||t==="dark")d.dataset.theme=t;var s=localStorage.getItem(${JSON.stringify(
  TEXT_SIZE_STORAGE_KEY,
)});if(s==="small"||s==="large"||s==="larger")d.dataset.textSize=s}catch(e){}`;

/** Inline <head> script that restores the theme and text size chosen in settings. */
export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
