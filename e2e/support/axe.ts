import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe on the page as it is: no serious or critical violation (the bar of accessibility.spec.ts). */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map((v) => `[${v.impact}] ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');
  expect(blocking, `axe on ${what}:\n${report}`).toEqual([]);
}
