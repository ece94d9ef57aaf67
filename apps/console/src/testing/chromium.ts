import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`.ci/run` installs it): browsers are not downloaded on this network. */
export const CHROMIUM = '/usr/bin/chromium';

/** What Chromium needs on a closed network, as root, without a GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
