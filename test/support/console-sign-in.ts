// Signing a member in to the console in a browser, as the console's browser tests start.
import type { Page } from 'playwright-core';
import { PASSWORD } from '../console/support.ts';

export async function signInAs(page: Page, origin: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${origin}/console`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL(`${origin}/console/betas`), page.getByRole('button', { name: 'Sign in' }).click()]);
}
