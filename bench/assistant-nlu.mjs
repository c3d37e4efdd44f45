// `npm run bench:assistant-nlu -w bench`: the assistant's embedded NLU on the held-out bilingual set
// (services/assistant/test/fixtures/nlu-heldout.json): intent accuracy and slot F1 per language, and
// what it misses. Needs the assistant built (`npx nx run @khidma/assistant:build`). Measurement only:
// the NLU is an in-process model, so this one reads the built module rather than HTTP.
import { readFileSync } from 'node:fs';
import { evaluate } from '../services/assistant/dist/nlu/evaluate.js';
import { NaturalLanguage } from '../services/assistant/dist/nlu/nlu.js';

const set = JSON.parse(readFileSync(new URL('../services/assistant/test/fixtures/nlu-heldout.json', import.meta.url), 'utf8'));
const started = performance.now();
const nlu = await NaturalLanguage.train();
const trainedMs = performance.now() - started;
const scores = await evaluate(nlu, set);
const pct = (value) => `${(value * 100).toFixed(1)} %`;
console.log(`Embedded NLU, held-out set (${set.utterances.length} utterances), trained in ${trainedMs.toFixed(0)} ms`);
console.log('| language | utterances | intent accuracy | slot precision | slot recall | slot F1 |');
console.log('|---|---|---|---|---|---|');
for (const [language, s] of Object.entries(scores)) {
  console.log(`| ${language} | ${s.utterances} | ${pct(s.intentAccuracy)} | ${pct(s.slotPrecision)} | ${pct(s.slotRecall)} | ${pct(s.slotF1)} |`);
}
for (const [language, s] of Object.entries(scores)) for (const miss of s.misses) console.log(`miss (${language}):`, JSON.stringify(miss));
