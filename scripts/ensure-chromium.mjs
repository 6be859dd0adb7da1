// `npm test` needs Debian's Chromium for the end-to-end tests. Installs it when it is missing
// and we are root (as on CI); otherwise says in one line how to install it.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import launch from './chromium.json' with { type: 'json' };

const CHROMIUM = launch.executablePath;
if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing: install it with "sudo apt-get update && sudo apt-get install -y chromium" (needed at ${CHROMIUM}).`,
    );
    process.exit(1);
  }
  console.log('Installing Debian’s chromium for the end-to-end tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -q', { stdio: 'inherit', env });
  execSync('apt-get install -y -q chromium', { stdio: 'inherit', env });
}
