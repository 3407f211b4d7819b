import fc from 'fast-check';

/** Values for given field paths ("webhookUrl", "messages.content") that the contract alone cannot describe. */
export type ArbitraryOverrides = Record<string, fc.Arbitrary<unknown>>;

interface ZodDef {
  type: string;
  checks?: Array<{ _zod: { def: Record<string, unknown> } }>;
  [key: string]: unknown;
}
interface ZodLike {
  _zod: { def: ZodDef; optin?: string };
}

const defOf = (schema: unknown) => (schema as ZodLike)._zod.def;
const checksOf = (def: ZodDef) => (def.checks ?? []).map((check) => check._zod.def);
const checkValue = (def: ZodDef, name: string, key: string) => checksOf(def).find((c) => c.check === name)?.[key] as number | undefined;

/** Strings around a length limit: just inside and just past it are where off-by-one bugs live. */
const boundaryStrings = (min: number, max: number | undefined) =>
  fc.constantFrom(...[min, Math.max(min - 1, 0), ...(max === undefined ? [] : [max, max + 1])].map((n) => 'x'.repeat(n)));

function stringArbitrary(def: ZodDef): fc.Arbitrary<string> {
  const min = checkValue(def, 'min_length', 'minimum') ?? checkValue(def, 'length_equals', 'length') ?? 0;
  const max = checkValue(def, 'max_length', 'maximum') ?? checkValue(def, 'length_equals', 'length');
  const fits = (s: string) => s.length >= min && (max === undefined || s.length <= max);
  const pattern = (def.pattern as RegExp | undefined) ?? (checksOf(def).find((c) => c.format === 'regex')?.pattern as RegExp | undefined);
  if (def.format === 'url') return fc.webUrl().filter(fits);
  if (def.format === 'uuid' || def.format === 'guid') return fc.uuid();
  if (pattern) return fc.stringMatching(pattern).filter(fits);
  const maxLength = Math.min(max ?? 60, 300);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: Math.min(min, maxLength), maxLength, unit: 'grapheme-ascii' }) },
    { weight: 2, arbitrary: fc.string({ minLength: Math.min(min, maxLength), maxLength, unit: 'grapheme' }) },
    { weight: 1, arbitrary: boundaryStrings(min, max) },
  );
}

function numberArbitrary(def: ZodDef): fc.Arbitrary<number> {
  const low = checksOf(def).find((c) => c.check === 'greater_than');
  const high = checksOf(def).find((c) => c.check === 'less_than');
  const integer = checksOf(def).some((c) => c.check === 'number_format' && String(c.format).includes('int'));
  if (integer) {
    const min = low ? Math.ceil(Number(low.value) + (low.inclusive ? 0 : 1)) : -1000;
    const max = high ? Math.floor(Number(high.value) - (high.inclusive ? 0 : 1)) : 100_000;
    return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, min - 1, max + 1));
  }
  const min = low ? Number(low.value) : -1e6;
  const max = high ? Number(high.value) : 1e6;
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    fc.double({ min, max, noNaN: true }),
    fc.constantFrom(min, max),
  );
}

/**
 * Values shaped like a zod schema's input (fields, types, enums, lengths, number ranges, optional
 * keys), walked from the schema's own definition. Refinements the definition cannot show (a time
 * zone, a URL rule) come from `overrides` by field path; without one the value is merely
 * well-typed, which still makes a good mix of valid and invalid input. An unknown zod type throws,
 * so a new kind of contract cannot go unfuzzed silently.
 */
export function arbitraryOf(schema: unknown, overrides: ArbitraryOverrides = {}, path = ''): fc.Arbitrary<unknown> {
  if (path && overrides[path]) return overrides[path];
  const def = defOf(schema);
  const inner = (key: string) => arbitraryOf(def[key], overrides, path);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'object': {
      const shape = def.shape as Record<string, ZodLike>;
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, arbitraryOf(field, overrides, path ? `${path}.${key}` : key)]),
      );
      const requiredKeys = Object.keys(shape).filter((key) => shape[key]._zod.optin !== 'optional');
      return fc.record(fields, { requiredKeys });
    }
    case 'array': {
      const min = checkValue(def, 'min_length', 'minimum') ?? 0;
      const max = checkValue(def, 'max_length', 'maximum');
      return fc.array(inner('element'), { minLength: min, maxLength: Math.max(min, Math.min(max ?? 8, 8)) });
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner('innerType');
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'pipe':
      // A pipe into a transform takes the input side; into another schema (trim, then email), the stricter output side.
      return defOf(def.out).type === 'transform' ? inner('in') : inner('out');
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => arbitraryOf(option, overrides, path)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner('valueType'), { maxKeys: 5 });
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`arbitraryOf: no arbitrary for zod type "${def.type}" at "${path || '(root)'}"`);
  }
}

/** An object with an own "__proto__" (or constructor.prototype) key, as JSON.parse would make one. */
export function pollutionObject(key: '__proto__' | 'constructor'): Record<string, unknown> {
  const value = key === '__proto__' ? { hooklinePolluted: true } : { prototype: { hooklinePolluted: true } };
  const object: Record<string, unknown> = {};
  Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
  return object;
}

/** Text that has broken parsers and filters before: control and direction characters, astral symbols, injections. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0041\u202d',
  '\ud800',
  '𝕳𝖔𝖔𝖐𝖑𝖎𝖓𝖊 👩‍👩‍👧‍👦',
  'Z̷̢̛a̵l̶g̸o̵',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${jndi:ldap://127.0.0.1/x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'toString',
  'NaN',
  '-0',
  '1e309',
  'true',
  'null',
] as const;

/** A long string made cheaply (fast-check builds long strings one character at a time). */
export const hugeString = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', ' '), fc.integer({ min: 5_000, max: 100_000 }))
  .map(([unit, times]) => unit.repeat(times));

/** Anything a hostile client might put where a value belongs (deeper nesting is sent as raw text: see deepJson). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  hugeString,
  fc.constantFrom(pollutionObject('__proto__'), pollutionObject('constructor')),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.object({ maxDepth: 2, maxKeys: 5 }),
  fc.integer({ min: 20, max: 200 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

/** JSON text nested deeper than any stringify could produce: arrays or objects, up to 50,000 levels. */
export const deepJson = fc
  .tuple(fc.constantFrom(['[', ']'], ['{"a":', '}']), fc.integer({ min: 1_000, max: 50_000 }))
  .map(([[open, close], depth]) => `${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}`);
