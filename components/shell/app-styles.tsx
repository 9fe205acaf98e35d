'use client';

import { sharedStylesheet } from '@/lib/styles/shared';

const styleId = 'app-styles';
let inPage: string | undefined;

/** The server's stylesheet; in the browser, the one the server put into the page. */
function stylesheet(): string {
  if (typeof document === 'undefined') return sharedStylesheet();
  // Read once from the server's <style>: the same text hydrates without a mismatch, and a
  // render from scratch (React's recovery from a failed hydration) keeps the page styled.
  inPage ??= document.getElementById(styleId)?.textContent ?? '';
  return inPage;
}

/**
 * The app's stylesheet inlined into <head>, so the first paint needs only the HTML. The
 * server render writes it (see lib/server/app-styles.ts); it is in the page once, not
 * again in the RSC payload as a client component's props would be. `nonce` is the page's
 * (lib/server/security-headers.ts), which its Content-Security-Policy asks of inline styles.
 */
export function AppStyles({ nonce }: { nonce?: string }) {
  return <style id={styleId} nonce={nonce} dangerouslySetInnerHTML={{ __html: stylesheet() }} />;
}
