import { readFileSync } from 'node:fs';
import { evaluate, type LabelledUtterance } from './evaluate.js';
import { extractEntities } from './entities.js';
import { NaturalLanguage, trainingUtterances } from './nlu.js';

const heldOut = JSON.parse(readFileSync(new URL('../../test/fixtures/nlu-heldout.json', import.meta.url), 'utf8')) as {
  now: string;
  timeZone: string;
  utterances: LabelledUtterance[];
};
const context = { now: new Date(heldOut.now), timeZone: heldOut.timeZone };

describe('embedded NLU', () => {
  let nlu: NaturalLanguage;
  beforeAll(async () => {
    nlu = await NaturalLanguage.train();
  });

  it('trains from hundreds of utterances per language, none of them in the held-out set', () => {
    for (const language of ['en', 'ar'] as const) {
      const training = trainingUtterances(language);
      expect(training.length).toBeGreaterThanOrEqual(400);
      const texts = new Set(training.map((item) => item.text));
      expect(heldOut.utterances.filter((item) => item.language === language && texts.has(item.text))).toEqual([]);
    }
  });

  it.each(['en', 'ar'] as const)('reaches the goal on the held-out %s set (>= 95 %% intents, >= 90 %% slot F1)', async (language) => {
    expect(heldOut.utterances.filter((item) => item.language === language).length).toBeGreaterThanOrEqual(75);
    const score = (await evaluate(nlu, heldOut))[language];
    expect(score.intentAccuracy).toBeGreaterThanOrEqual(0.95);
    expect(score.slotF1).toBeGreaterThanOrEqual(0.9);
  });

  it('understands nothing in gibberish', async () => {
    expect((await nlu.understand('qwzx plorb vunt', context)).intent).toBeNull();
  });
});

describe('entities', () => {
  const read = (text: string) => extractEntities(text, context);

  it('reads relative days and hours in both languages and both digit systems', () => {
    expect(read('tomorrow at 10')).toEqual({ date: '2030-01-08', time: '10:00' });
    expect(read('بكرة الساعة ١٠ صباحا')).toEqual({ date: '2030-01-08', time: '10:00' });
    expect(read('غداً الساعة 3 العصر')).toEqual({ date: '2030-01-08', time: '15:00' });
    expect(read('بعد بكرة')).toEqual({ date: '2030-01-09' });
    expect(read('next Sunday')).toEqual({ date: '2030-01-13' });
    expect(read('الأحد الجاي')).toEqual({ date: '2030-01-13' });
    expect(read('this evening')).toEqual({ date: '2030-01-07', dayPart: 'evening' });
    expect(read('on 12/1 at 11')).toEqual({ date: '2030-01-12', time: '11:00' });
  });

  it('does not take a price, a booking number or lunch for a time', () => {
    expect(read('plumber under $40')).toEqual({ category: 'plumbing', priceMax: 40 });
    expect(read('cancel KH-7q4m-2xpa')).toEqual({ bookingRef: 'KH-7Q4M-2XPA' });
    expect(read('وقت الغداء')).toEqual({});
  });
});
