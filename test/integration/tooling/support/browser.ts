// A real headless browser for tests: Debian's chromium (scripts/setup-browser.sh installs it) driven by
// playwright-core, with a fresh profile, no network services and no first-run UI. A missing chromium is a test
// failure that says how to install it, never a skip.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export const CHROMIUM = "/usr/bin/chromium";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The part of playwright-core these tests use (loaded with require: it is a devDependency). */
export interface Locator {
  first(): Locator;
  count(): Promise<number>;
  isVisible(): Promise<boolean>;
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>;
}
export interface Page {
  goto(url: string, options?: { waitUntil?: "load" }): Promise<unknown>;
  getByText(text: string, options?: { exact?: boolean }): Locator;
  locator(selector: string): Locator;
  on(event: "request", listener: (request: { url(): string }) => void): void;
  on(event: "console", listener: (message: { type(): string; text(): string }) => void): void;
  on(event: "pageerror", listener: (error: Error) => void): void;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
}
interface BrowserContext {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
interface PlaywrightCore {
  chromium: {
    launchPersistentContext(
      userDataDir: string,
      options: { executablePath: string; headless: boolean; args: string[]; timeout?: number },
    ): Promise<BrowserContext>;
  };
}

export interface Browser {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Starts chromium with a fresh user-data directory; close() stops it and removes the directory. */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: these tests open pages in a real browser. Install it with \`bash scripts/setup-browser.sh\` (apt-get install -y chromium).`,
    );
  }
  // Loaded here, not imported: only the browser tests need playwright-core, and they check chromium first.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const playwright = require("playwright-core") as PlaywrightCore;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "t-chromium-profile-"));
  let context: BrowserContext;
  try {
    context = await playwright.chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      timeout: 60_000,
    });
  } catch (err) {
    fs.rmSync(profile, { recursive: true, force: true });
    throw err;
  }
  return {
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
