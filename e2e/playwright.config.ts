import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';

// `npx playwright test -c e2e/playwright.config.ts` (infra/test.mjs builds apps/web/dist first).
// The platform runs from e2e/stack.mjs on its own port, databases (e2e_*) and bus prefix (e2e.).
const PORT = process.env.E2E_PORT ?? '3310';
const baseURL = `http://127.0.0.1:${PORT}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CI = process.env.CI === 'true';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // one worker: the machine has 2 cores and the stack (gateway, identity, worker) needs them
  workers: 1,
  fullyParallel: false,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // infra/test.mjs passes --reporter=list,json with PLAYWRIGHT_JSON_OUTPUT_FILE (which wins over outputFile)
  reporter: [['list'], ['json', { outputFile: './playwright-report/results.json' }]],
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium, never `npx playwright install` (TOOLING trap 13)
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node e2e/stack.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    cwd: repoRoot,
    env: { PORT },
    stdout: 'pipe',
    stderr: 'pipe',
    // stack.mjs forwards SIGTERM to infra/start.mjs, which stops every app (a SIGKILL would orphan them)
    gracefulShutdown: { signal: 'SIGTERM', timeout: 40_000 },
  },
});
