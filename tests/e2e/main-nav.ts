import type { Locator, Page } from 'playwright-core';

/**
 * The main navigation's link to a section, shown: below the md breakpoint all but the inbox
 * are folded into the navigation's More disclosure, which this opens first when it is there.
 */
export async function mainNavLink(page: Page, name: string): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name, exact: true });
  const more = nav.getByRole('button', { name: 'More', exact: true });
  if (!(await link.isVisible()) && (await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  return link;
}
