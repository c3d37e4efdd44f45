// `npm run bench:lighthouse` (in bench/): Lighthouse with the system Chromium on `/`, `/services` and a
// service's page, in English and Arabic, from the production build (embedded profile, as `npm start`).
// Lighthouse's default settings are its mobile preset: an emulated mid-range phone, simulated slow 4G
// and a 4x slower CPU. Prints the four category scores per page beside issue 15's aims, and every
// audit that failed outside performance (what to fix), and where performance is lost: the elements that
// shifted and the scripts that kept the main thread busy. Writes bench/results/lighthouse.md and each
// page's full report as bench/results/lighthouse/<page>-<language>.json (open it in the Lighthouse viewer).
//   --no-build
//   LIGHTHOUSE_RUNS=N    runs per page and language, the median reported (default 3)
//   LIGHTHOUSE_PAGES=a,b only these pages (landing, services, service), e.g. to compare two builds of one
//   BENCH_PORT_OFFSET=N  run the stack at ports +N instead of +900 (Chromium's DevTools port follows)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '@khidma/contracts';
import { assertChromium, chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { machineLine, RESULTS_DIR, startBenchStack, writeResults } from './lib/bench-stack.mjs';

const PORT_OFFSET = process.env.BENCH_PORT_OFFSET ? Number(process.env.BENCH_PORT_OFFSET) : 900;
/** Chromium's DevTools port for Lighthouse, beside the stack's ports. */
const DEBUGGING_PORT = 9222 + PORT_OFFSET;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const REPORTS_DIR = path.join(RESULTS_DIR, 'lighthouse');
/** Runs per page and language (LIGHTHOUSE_RUNS); the median one is reported, with the performance range. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const AIMS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };

/** Up to three of the elements or messages an audit blames, so the report says what to fix. */
const culprits = (audit) => {
  const items = (audit.details?.items ?? [])
    .map((item) => item.node?.snippet ?? item.description ?? item.source?.url ?? item.url)
    .filter(Boolean)
    .slice(0, 3)
    .map((text) => `\`${String(text).replace(/\s+/g, ' ').slice(0, 140)}\``);
  return items.length ? ` (${items.join('; ')})` : '';
};

assertChromium();
/** A run's performance score and the metrics it is made of. */
const metricsOf = (run) => ({
  performance: Math.round(run.categories.performance.score * 100),
  fcp: run.audits['first-contentful-paint'].numericValue,
  lcp: run.audits['largest-contentful-paint'].numericValue,
  tbt: run.audits['total-blocking-time'].numericValue,
  si: run.audits['speed-index'].numericValue,
  cls: run.audits['cumulative-layout-shift'].numericValue,
  // What moved (score, element), so a run's layout shift can be traced to its element.
  shifts: (run.audits['layout-shifts']?.details?.items ?? []).map((item) => `${item.score.toFixed(3)} ${item.node?.snippet ?? '?'}`),
});

const { stack, stop } = await startBenchStack({ name: 'lighthouse', portOffset: PORT_OFFSET, profile: 'embedded' });
// One browser profile for every run: the language is the stored preference, as for a returning visitor.
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khidma-lighthouse-'));
const browser = await chromium.launchPersistentContext(profileDir, {
  ...chromiumLaunchOptions,
  args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${DEBUGGING_PORT}`],
});

try {
  const { services } = await (await fetch(`${stack.url}/api/services?limit=1`)).json();
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages = [
    ['landing', '/'],
    ['services', '/services'],
    ['service', `/service/${services[0].id}`],
  ].filter(([name]) => !only || only.includes(name));
  const setup = await browser.newPage();
  await setup.goto(stack.url);
  const rows = [];
  let lighthouseVersion;
  for (const language of LANGUAGES) {
    await setup.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, language]);
    for (const [name, pagePath] of pages) {
      console.log(`lighthouse ${pagePath} (${language}) ×${RUNS}…`);
      const runs = [];
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt += 1) {
        // The stored language must survive Lighthouse's own clean-up of the origin's storage.
        const { lhr: run } = await lighthouse(`${stack.url}${pagePath}`, { port: DEBUGGING_PORT, logLevel: 'error', disableStorageReset: true });
        // A run Chromium lost track of (NO_NAVSTART and the like) has no metrics: it is run again.
        if (run.runtimeError) console.log(`  run failed (${run.runtimeError.code}), again`);
        else runs.push(run);
      }
      // The median run by performance score, as Lighthouse advises for a noisy machine; the range beside it.
      runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const lhr = runs[Math.floor(runs.length / 2)];
      const range = runs.map((run) => Math.round(run.categories.performance.score * 100));
      const failed = Object.values(lhr.categories)
        .filter((category) => category.id !== 'performance')
        .flatMap((category) =>
          category.auditRefs
            .map((ref) => lhr.audits[ref.id])
            .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
            .map((audit) => `${category.id}: ${audit.id}${culprits(audit)}`),
        );
      lighthouseVersion = lhr.lighthouseVersion;
      fs.mkdirSync(REPORTS_DIR, { recursive: true });
      fs.writeFileSync(path.join(REPORTS_DIR, `${name}-${language}.json`), JSON.stringify(lhr));
      rows.push({
        name,
        language,
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(lhr.categories[id].score * 100)])),
        range: range.length > 1 ? ` (${range[0]}–${range.at(-1)})` : '',
        // Every metric of the performance score, so a low score says where it is lost.
        ...metricsOf(lhr),
        // The lowest run's too: a dip below the median says which metric it came from.
        lowest: runs.length > 1 ? metricsOf(runs[0]) : undefined,
        failed: [...new Set(failed)],
        busiest: [...(lhr.audits['bootup-time']?.details?.items ?? [])]
          .sort((a, b) => b.scripting - a.scripting)
          .slice(0, 4)
          .map((item) => `${path.basename(new URL(item.url, stack.url).pathname) || item.url} ${Math.round(item.scripting)} ms`),
      });
    }
  }

  const met = (id, score) => (score >= AIMS[id] ? `${score}` : `**${score}**`);
  const shiftsText = (shifts) => (shifts.length ? shifts.map((s) => `\`${s.replace(/\s+/g, ' ').slice(0, 120)}\``).join('; ') : 'none');
  const metricsText = (m) =>
    `FCP ${(m.fcp / 1000).toFixed(1)} s, LCP ${(m.lcp / 1000).toFixed(1)} s, TBT ${Math.round(m.tbt)} ms, SI ${(m.si / 1000).toFixed(1)} s, CLS ${m.cls.toFixed(3)}` +
    (m.shifts.length ? ` (${shiftsText(m.shifts)})` : '');
  writeResults('lighthouse.md', [
    `# Khidma Lighthouse bench — ${new Date().toISOString()}`,
    '',
    `${machineLine('embedded profile')} Lighthouse ${lighthouseVersion}, mobile preset (simulated throttling), system Chromium.`,
    `Aims (issue 15): ${CATEGORIES.map((id) => `${id} ≥ ${AIMS[id]}`).join(', ')}; a score in bold misses its aim.`,
    `Each row is the median of ${RUNS} runs by performance score (the runs' range in brackets).`,
    '',
    '| page | language | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | SI s | CLS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.language} | ${CATEGORIES.map((id) => met(id, r.scores[id]) + (id === 'performance' ? r.range : '')).join(' | ')} | ${(r.fcp / 1000).toFixed(1)} | ${(r.lcp / 1000).toFixed(1)} | ${Math.round(r.tbt)} | ${(r.si / 1000).toFixed(1)} | ${r.cls.toFixed(3)} |`,
    ),
    '',
    '## Failed audits outside performance',
    '',
    ...rows.map((r) => `- ${r.name} (${r.language}): ${r.failed.length ? r.failed.join(', ') : 'none'}`),
    '',
    '## Where performance is lost',
    '',
    "Layout shifts (score, element that moved), the scripts with the most main-thread scripting time (4x CPU) and the lowest run's metrics.",
    '',
    ...rows.map(
      (r) =>
        `- ${r.name} (${r.language}): shifts ${shiftsText(r.shifts)}; scripting ${r.busiest.join(', ')}` +
        (r.lowest ? `; lowest run ${r.lowest.performance}: ${metricsText(r.lowest)}` : ''),
    ),
  ]);
} finally {
  await browser.close();
  fs.rmSync(profileDir, { recursive: true, force: true });
  await stop();
}
