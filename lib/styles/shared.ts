/*
 * The built stylesheet, passed from the root layout (a server component) to the server render
 * of <AppStyles> (a client component) outside React's props: props of a client component
 * travel in the page's RSC payload too, which would carry the 30 KB a second time.
 */

/** Where `npm run build:css` writes the stylesheet, relative to the app's root. */
export const APP_STYLESHEET = 'generated/app.css';

const key = Symbol.for('tidings.appStylesheet');
type Holder = { [key]?: string };

/** Keeps the stylesheet for this server process's renders. */
export function shareStylesheet(css: string): void {
  (globalThis as Holder)[key] = css;
}

/** The stylesheet kept for this server process's renders (empty where none was kept). */
export function sharedStylesheet(): string {
  return (globalThis as Holder)[key] ?? '';
}
