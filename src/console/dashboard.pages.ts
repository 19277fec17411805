// A beta's dashboard at /console/betas/{beta_id}: how the launch is going.
import type { ConsolePages } from './console-scope.ts';
import { dashboardContent } from './pages.ts';

export function dashboardPages({ betaPage }: ConsolePages): void {
  betaPage('dashboard', { title: (beta) => beta.name, script: 'dashboard.js', content: () => dashboardContent() });
}
