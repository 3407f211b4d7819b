import fs from 'node:fs';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser (undefined). */
export function resolveChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(
      `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist. Install Chromium (apt-get install chromium) or fix the path.`,
    );
  }
  // Playwright's own download may exist; if not, its error says so. On Debian: apt-get install chromium.
  return undefined;
}
