import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

/**
 * End-to-end tests in Debian's Chromium (no browser download) against the production build:
 * global-setup.ts starts `apps/server/dist/main.js` on a free port with a fresh embedded database.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // One timeout policy for every test (see vitest.config.ts): generous bounds on a hang, never a
  // pace the machine must keep; a passing expectation returns as soon as its condition holds.
  timeout: 60_000,
  expect: { timeout: 15_000, toPass: { timeout: 15_000 } },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium-phone' }],
});
