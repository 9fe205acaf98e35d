import type { Page } from 'playwright-core';

/**
 * Shows the inbox's dates, item types and read mode: below the sm breakpoint they are folded
 * behind the Options button, which this opens first when it is there.
 */
export async function showInboxOptions(page: Page): Promise<void> {
  const options = page.getByRole('main').getByRole('button', { name: /^Options/ });
  if ((await options.isVisible()) && (await options.getAttribute('aria-expanded')) !== 'true') await options.click();
}
