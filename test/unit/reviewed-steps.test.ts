// The options flow shared by Scrape with Options and Convert with Options (src/core/step-flow.ts,
// runReviewedSteps): every step in order, then the review; Back to what was shown before; a step
// picked on the review goes straight back to it once answered; dismissed anywhere sends nothing.
import assert from 'node:assert/strict';
import { runReviewedSteps, type StepOutcome, type StepPlace } from '../../src/core/step-flow';

type Step = 'a' | 'b' | 'c';
interface Choices { a: number; b: number; c: number }

/** What the person does at each input, in order; the test checks which input was shown. */
type Act =
  | { at: Step; answer: number }
  | { at: Step | 'review'; back: true }
  | { at: Step | 'review'; dismiss: true }
  | { at: 'review'; pick: Step | 'send' };

async function run(acts: Act[], options: { atReview?: boolean } = {}): Promise<{ sent: Choices | undefined; shown: string[]; places: StepPlace[] }> {
  const shown: string[] = [];
  const places: StepPlace[] = [];
  const next = (at: Step | 'review', place: StepPlace): Act => {
    shown.push(at);
    places.push(place);
    const act = acts.shift();
    assert.ok(act, `no act left for ${at}`);
    assert.equal(act.at, at, `shown ${at} where the test expected ${act.at}`);
    return act;
  };
  const sent = await runReviewedSteps<Step, Choices>({
    steps: ['a', 'b', 'c'],
    choices: { a: 0, b: 0, c: 0 },
    ...(options.atReview === true ? { atReview: true } : {}),
    ask: (step, choices, place) => Promise.resolve(((): StepOutcome<Choices> => {
      const act = next(step, place);
      if ('back' in act) return { kind: 'back' };
      if ('dismiss' in act) return { kind: 'dismissed' };
      assert.ok('answer' in act);
      return { kind: 'answer', value: { ...choices, [step]: act.answer } };
    })()),
    review: (_choices, place) => Promise.resolve(((): StepOutcome<'send' | Step> => {
      const act = next('review', place);
      if ('back' in act) return { kind: 'back' };
      if ('dismiss' in act) return { kind: 'dismissed' };
      assert.ok('pick' in act);
      return { kind: 'answer', value: act.pick };
    })()),
  });
  assert.equal(acts.length, 0, 'every act was used');
  return { sent, shown, places };
}

describe('options flow: steps, then a review', () => {
  it('each step in order, then the review; send resolves with every answer', async () => {
    const { sent, shown, places } = await run([{ at: 'a', answer: 1 }, { at: 'b', answer: 2 }, { at: 'c', answer: 3 }, { at: 'review', pick: 'send' }]);
    assert.deepEqual(sent, { a: 1, b: 2, c: 3 });
    assert.deepEqual(shown, ['a', 'b', 'c', 'review']);
    assert.deepEqual(places, [
      { step: 1, totalSteps: 4, back: false }, { step: 2, totalSteps: 4, back: true },
      { step: 3, totalSteps: 4, back: true }, { step: 4, totalSteps: 4, back: true },
    ]);
  });

  it('Back returns to the step before, its answer kept', async () => {
    const { sent, shown } = await run([
      { at: 'a', answer: 1 }, { at: 'b', back: true }, { at: 'a', answer: 5 }, { at: 'b', answer: 2 }, { at: 'c', answer: 3 },
      { at: 'review', back: true }, { at: 'c', answer: 4 }, { at: 'review', pick: 'send' },
    ]);
    assert.deepEqual(sent, { a: 5, b: 2, c: 4 });
    assert.deepEqual(shown, ['a', 'b', 'a', 'b', 'c', 'review', 'c', 'review']);
  });

  it('a step picked on the review goes back to the review once answered, and Back from it too', async () => {
    const { sent, shown } = await run([
      { at: 'a', answer: 1 }, { at: 'b', answer: 2 }, { at: 'c', answer: 3 },
      { at: 'review', pick: 'a' }, { at: 'a', answer: 7 },
      { at: 'review', pick: 'b' }, { at: 'b', back: true },
      // Back from the review to the step changed there: answered again, straight back to the review.
      { at: 'review', back: true }, { at: 'a', answer: 8 },
      { at: 'review', pick: 'send' },
    ]);
    assert.deepEqual(sent, { a: 8, b: 2, c: 3 });
    assert.deepEqual(shown, ['a', 'b', 'c', 'review', 'a', 'review', 'b', 'review', 'a', 'review']);
  });

  it('dismissed at a step or at the review sends nothing', async () => {
    assert.equal((await run([{ at: 'a', answer: 1 }, { at: 'b', dismiss: true }])).sent, undefined);
    assert.equal((await run([{ at: 'a', answer: 1 }, { at: 'b', answer: 1 }, { at: 'c', answer: 1 }, { at: 'review', dismiss: true }])).sent, undefined);
  });

  it('Back on the first step stays there', async () => {
    const { shown } = await run([{ at: 'a', back: true }, { at: 'a', dismiss: true }]);
    assert.deepEqual(shown, ['a', 'a']);
  });

  it('choices that came whole open at the review, without Back', async () => {
    const { sent, places } = await run([{ at: 'review', pick: 'c' }, { at: 'c', answer: 9 }, { at: 'review', pick: 'send' }], { atReview: true });
    assert.deepEqual(sent, { a: 0, b: 0, c: 9 });
    assert.deepEqual(places[0], { step: 4, totalSteps: 4, back: false });
    assert.deepEqual(places[1], { step: 3, totalSteps: 4, back: true });
  });
});
