/**
 * `npm run validate`: the typecheck, the linter, the format check and the unit and API tests at
 * once, for the quick check before a commit. Each one's output is printed
 * whole when it ends (not interleaved with the others'), and the run fails if
 * any of them does.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const CHECKS = ['typecheck', 'lint', 'format:check', 'test:unit'];

function run(script) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const passed = code === 0;
      process.stdout.write(`\n── npm run ${script}: ${passed ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ script, passed });
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
const failed = results.filter((result) => !result.passed).map((result) => result.script);
console.info(failed.length === 0 ? `\nvalidate: ${CHECKS.join(', ')} passed` : `\nvalidate: ${failed.join(', ')} failed`);
process.exit(failed.length === 0 ? 0 : 1);
