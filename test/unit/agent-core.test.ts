// The research and extraction core (issue 36), no VS Code: where a schema comes from (a selection,
// a `*.schema.json` file, a sample), the bound rules, the answer's JSON with where each value is,
// the check against the schema, and the markdown view of a run's data.
import assert from 'node:assert/strict';
import { chatBound, needsConfirmation, readBound, startingBound } from '../../src/core/agent/bound';
import { printJson, spanOf } from '../../src/core/agent/json-text';
import { dataAsMarkdown } from '../../src/core/agent/markdown';
import { looksLikeSchema, schemaFromText, schemaOfSample } from '../../src/core/agent/schema-source';
import { checkAgainstSchema } from '../../src/core/agent/validate';

describe('agent core: schema sources', () => {
  it('reads a selected JSON Schema as the schema', () => {
    const source = schemaFromText(' {"type":"object","properties":{"plan":{"type":"string"}},"required":["plan"]} ');
    assert.equal(source.kind, 'schema');
    assert.deepEqual(source.schema.required, ['plan']);
  });

  it('takes a *.schema.json file as a schema whatever it looks like', () => {
    assert.equal(schemaFromText('{"title":"Plans"}', 'plans.schema.json').kind, 'schema');
    assert.equal(schemaFromText('{"title":"Plans"}', 'plans.json').kind, 'sample');
    assert.equal(schemaFromText('[1, 2]', 'list.schema.json').kind, 'not-json');
  });

  it('turns a JSON sample into the schema of its shape', () => {
    const source = schemaFromText('{"plans":[{"name":"Pro","price":20,"perSeat":true,"note":null}],"currency":"EUR"}');
    assert.equal(source.kind, 'sample');
    assert.deepEqual(source.schema, {
      type: 'object',
      properties: {
        plans: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'integer' }, perSeat: { type: 'boolean' }, note: { type: 'null' } }, required: ['name', 'price', 'perSeat', 'note'] } },
        currency: { type: 'string' },
      },
      required: ['plans', 'currency'],
    });
    assert.deepEqual(schemaOfSample([1.5]), { type: 'array', items: { type: 'number' } });
  });

  it('tells a sample whose keys look like schema words from a schema', () => {
    // A sample that happens to have a "type" key whose value is not a JSON type stays a sample.
    assert.equal(looksLikeSchema({ type: 'invoice', total: 12 }), false);
    assert.equal(looksLikeSchema({ type: 'string' }), true);
    assert.equal(looksLikeSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema' }), true);
  });

  it('says why text is not JSON, and that empty text is nothing', () => {
    const bad = schemaFromText('{ plans: [] }');
    assert.equal(bad.kind, 'not-json');
    assert.ok(bad.message.length > 0);
    assert.equal(schemaFromText('   ').kind, 'empty');
  });
});

describe('agent core: the bound of a research run', () => {
  it('reads a typed bound, refusing what is not a whole number from 1 to 2,500', () => {
    assert.deepEqual(readBound('150'), { ok: true, credits: 150 });
    assert.deepEqual(readBound('1,000'), { ok: true, credits: 1000 });
    assert.deepEqual(readBound('0'), { ok: false, reason: 'too-small' });
    assert.deepEqual(readBound(2501), { ok: false, reason: 'too-large' });
    assert.deepEqual(readBound('12.5'), { ok: false, reason: 'not-a-number' });
    assert.deepEqual(readBound(''), { ok: false, reason: 'not-a-number' });
  });

  it('starts from the bound asked for, else the setting, never none', () => {
    assert.equal(startingBound(undefined, 100), 100);
    assert.equal(startingBound(300, 100), 300);
    assert.equal(startingBound('nonsense', 100), 100);
    assert.equal(startingBound(undefined, Number.NaN), 100);
  });

  it('asks above the threshold only', () => {
    assert.equal(needsConfirmation(500, 500), false);
    assert.equal(needsConfirmation(501, 500), true);
  });

  it("caps a chat agent's bound and says when it was lowered", () => {
    assert.deepEqual(chatBound(undefined, 50), { credits: 50, lowered: false });
    assert.deepEqual(chatBound(20, 50), { credits: 20, lowered: false });
    assert.deepEqual(chatBound(400, 50), { credits: 50, lowered: true });
    assert.deepEqual(chatBound(-3, 50), { credits: 50, lowered: false });
  });
});

describe('agent core: the JSON tab and its check', () => {
  it('prints as JSON.stringify does and knows where each value is', () => {
    const value = { plans: [{ name: 'Pro', price: 20 }, { name: 'Team/Org', price: 'ask' }], 'a/b': {}, empty: [] };
    const printed = printJson(value);
    assert.equal(printed.text, `${JSON.stringify(value, null, 2)}\n`);
    const at = spanOf(printed, '/plans/1/price');
    assert.equal(printed.text.slice(at.start, at.end), '"price": "ask"');
    const escaped = spanOf(printed, '/a~1b');
    assert.equal(printed.text.slice(escaped.start, escaped.end), '"a/b": {}');
    // A missing property is placed on the object that should hold it.
    const missing = spanOf(printed, '/plans/0/currency');
    assert.ok(printed.text.slice(missing.start, missing.end).startsWith('{'));
  });

  it('lists every mismatch with its pointer', () => {
    const schema = { type: 'object', properties: { plans: { type: 'array', minItems: 3, items: { type: 'object', properties: { price: { type: 'number' } }, required: ['price', 'currency'] } } }, required: ['plans'] };
    const check = checkAgainstSchema(schema, { plans: [{ price: 'ask' }] });
    assert.equal(check.kind, 'mismatches');
    const found = check.mismatches.map((m) => `${m.pointer} ${m.keyword}`).sort();
    assert.deepEqual(found, ['/plans minItems', '/plans/0 required', '/plans/0/price type']);
    assert.deepEqual(checkAgainstSchema(schema, { plans: [{ price: 1, currency: 'EUR' }, { price: 2, currency: 'EUR' }, { price: 3, currency: 'EUR' }] }), { kind: 'valid' });
  });

  it('reads a 2020-12 schema by its draft, and says when a schema cannot be compiled', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'string' }], items: false };
    assert.equal(checkAgainstSchema(schema, ['a', 'b']).kind, 'mismatches');
    assert.deepEqual(checkAgainstSchema(schema, ['a']), { kind: 'valid' });
    assert.equal(checkAgainstSchema({ type: 'object', properties: { a: { $ref: '#/nowhere' } } }, {}).kind, 'bad-schema');
  });

  it("shows a run's data as markdown in which nothing from outside acts", () => {
    const page = dataAsMarkdown('Limits [x](command:quit)', { apis: [{ name: '<img src=x>', limit: 10 }], note: '*bold*' });
    assert.ok(page.includes('| name | limit |'));
    assert.ok(page.includes('\\<img src=x\\>'));
    assert.ok(page.includes('\\[x\\](command:quit)'));
    assert.ok(page.includes('\\*bold\\*'));
  });
});
