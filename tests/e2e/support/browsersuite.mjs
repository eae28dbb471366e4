// What every browser suite under tests/e2e needs: programs started in process groups of their
// own, Debian's Chromium with a fresh profile per "device" (driven over the DevTools protocol by
// playwright-core), screenshots, and an end that leaves no process or scratch folder behind.
// Each suite's CMakeLists.txt copies this file beside its own script in its node folder.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A loopback port that is free now (gatehouse-server takes no port 0).
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => resolve(port)); });
  });
}

// Kills what is left of the process group of \a pid and waits (at most 5 s) until it is gone:
// Chromium's helper processes may outlive the browser process and still write into the profile.
async function endProcessGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    return;  // no such group any more
  }
  for (let i = 0; i < 50; ++i) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export class BrowserSuite {
  // \a label prefixes the log ("account e2e"); \a chromium is the browser's path, \a artifacts
  // the folder for screenshots.
  constructor(label, { chromium: chromiumPath, artifacts }) {
    this.label = label;
    this.chromium = chromiumPath;
    this.artifacts = artifacts;
    this.processes = [];
    this.scratch = [];
    this.browserConsole = [];  // every profile's console, shown when the suite fails
  }

  log(message) {
    console.log(`[${this.label}] ${message}`);
  }

  // A new folder under the system's temporary one, removed at the end.
  scratchDir(prefix) {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    this.scratch.push(dir);
    return dir;
  }

  // Starts \a command and resolves with the first match of \a pattern in its output (\a stream:
  // 'stdout' or 'stderr').
  start(command, commandArgs, pattern, stream, env = process.env) {
    return new Promise((resolve, reject) => {
      // Its own process group, so that helpers it starts (Chromium's renderers and services) end with it.
      const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env });
      this.processes.push(child);
      let output = '';
      const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${output}`)), 30000);
      child.on('error', (error) => { clearTimeout(timer); reject(new Error(`cannot run ${command}: ${error.message}`)); });
      child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${command} exited (${code}):\n${output}`)); });
      child[stream].on('data', (chunk) => {
        output += chunk;
        const match = output.match(pattern);
        if (match) { clearTimeout(timer); resolve(match[1]); }
      });
    });
  }

  // A browser with its own, fresh profile (its own cookies: another device); \a args are added
  // to Chromium's command line.
  async openProfile(name, { args = [] } = {}) {
    const profile = this.scratchDir(`gatehouse-${this.label.replace(/\W+/g, '-')}-${name}-`);
    const endpoint = await this.start(this.chromium, [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-breakpad',
      `--user-data-dir=${profile}`, '--remote-debugging-port=0', ...args, 'about:blank',
    ], /DevTools listening on (ws:\/\/\S+)/, 'stderr');
    const browser = await chromium.connectOverCDP(endpoint);
    const context = browser.contexts()[0];
    const page = context.pages()[0] ?? await context.newPage();
    page.on('console', (message) => this.browserConsole.push(`${name}: ${message.text()}`));
    // Ends the browser itself (connectOverCDP's close() only disconnects).
    const close = async () => (await browser.newBrowserCDPSession()).send('Browser.close').catch(() => {});
    return { browser, context, page, close };
  }

  async screenshot(page, name) {
    const file = join(this.artifacts, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`artifact: ${file}`);
  }

  // Runs \a main; a failure sets the exit code and shows the browsers' consoles. Every process
  // started ends (SIGTERM, SIGKILL after 5 s, then what is left of its group), and every scratch
  // folder is removed.
  async run(main) {
    try {
      mkdirSync(this.artifacts, { recursive: true });
      await main();
      this.log('passed');
    } catch (error) {
      console.error(`[${this.label}] FAILED: ${error.stack ?? error}`);
      if (this.browserConsole.length) console.error(`browser console:\n  ${this.browserConsole.join('\n  ')}`);
      process.exitCode = 1;
    } finally {
      await Promise.all(this.processes.filter((child) => child.exitCode === null && child.signalCode === null).map((child) =>
        new Promise((resolve) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => { clearTimeout(kill); resolve(); });
          child.kill('SIGTERM');
        })));
      for (const child of this.processes) await endProcessGroup(child.pid);
      for (const dir of this.scratch) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  }
}
