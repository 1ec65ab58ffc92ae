// The end-to-end suite drives the system's Chromium; say in one line how to get it.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `No Chromium at ${path}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH to a Chromium binary).`,
  );
  process.exit(1);
}
