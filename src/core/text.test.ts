import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_COMBINING_MARKS, hasDisallowedCharacters, normalizeText, textLength, validateOptionalText, validateText, type TextField, countOf } from './text';

const FIELD: TextField = {
  minLength: 3,
  maxLength: 20,
  messages: { tooShort: 'too short', tooLong: 'too long', notAllowed: 'not allowed' },
};
const NOTES: TextField = { maxLength: 50, multiline: true, messages: { tooLong: 'too long', notAllowed: 'not allowed' } };

/** Every character the rule refuses, by kind. */
const REFUSED: Record<string, readonly string[]> = {
  'C0 controls': ['\u0000', '\u0001', '\u0007', '\u001b', '\u001f'],
  DEL: ['\u007f'],
  'C1 controls': ['\u0080', '\u008d', '\u009b', '\u009f'],
  'zero-width': ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u180e', '\u00ad', '\u034f'],
  'bidi marks': ['\u200e', '\u200f', '\u061c'],
  'bidi embeddings and overrides': ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'],
  'bidi isolates': ['\u2066', '\u2067', '\u2068', '\u2069'],
  'invisible operators': ['\u2061', '\u2062', '\u2063', '\u2064'],
  'tag characters': ['\u{e0001}', '\u{e0067}', '\u{e007f}'],
  'blank look-alikes': ['\u115f', '\u1160', '\u3164', '\uffa0', '\u2800'],
  'private use': ['\ue000', '\u{f0000}'],
  'lone surrogates': ['\ud800', '\udfff'],
};
const REFUSED_CHARACTERS = Object.values(REFUSED).flat();

describe('normalizeText', () => {
  it('NFC-normalizes, trims and collapses every kind of white space to one space', () => {
    expect(normalizeText('  Cafe\u0301\t\tRoyale \u00a0\u3000 Bowl\n')).toBe('Café Royale Bowl');
    expect(normalizeText('a\r\nb\u2028c\u2029d\u0085e\u000bf\u000cg')).toBe('a b c d e f g');
    expect(normalizeText(' \t\n ')).toBe('');
  });

  it('keeps line breaks in a multi-line text, one blank line at most, each line trimmed', () => {
    expect(normalizeText('  first  line \r\n\r\n\r\n\n second\tline \rthird  ', { multiline: true })).toBe('first line\n\nsecond line\nthird');
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (raw, multiline) => {
        const once = normalizeText(raw, { multiline });
        expect(normalizeText(once, { multiline })).toBe(once);
      }),
    );
  });
});

describe('validateText', () => {
  it('accepts ordinary titles in any script, with emoji, and returns them normalized', () => {
    for (const [raw, value] of [
      ['  Super   Bowl LX  ', 'Super Bowl LX'],
      ['Lions vs. Bears #2', 'Lions vs. Bears #2'],
      ['Fiesta de Fútbol', 'Fiesta de Fútbol'],
      ['Кубок 2026', 'Кубок 2026'],
      ['ساحة اللعب', 'ساحة اللعب'],
      ['サッカー大会', 'サッカー大会'],
      ['🏈🏈🏈', '🏈🏈🏈'],
      ['Go 👍🏽 team', 'Go 👍🏽 team'],
    ] as const) {
      expect(validateText(raw, FIELD), raw).toEqual({ ok: true, value });
    }
  });

  it('keeps a zero-width joiner inside an emoji sequence (family, rainbow flag, profession)', () => {
    for (const emoji of ['👨\u200d👩\u200d👧', '🏳\ufe0f\u200d🌈', '👩🏽\u200d🚒', '❤\ufe0f\u200d🔥']) {
      expect(validateText(`Fans ${emoji}`, FIELD)).toEqual({ ok: true, value: `Fans ${emoji}` });
    }
  });

  it('refuses a zero-width joiner that is not between two emoji', () => {
    for (const text of ['ab\u200dcd', '\u200d👍 ok', 'ok 👍\u200d', 'ok 👍\u200d\u200d👍', '\u200d\u200d\u200d']) {
      expect(validateText(text, FIELD), JSON.stringify(text)).toEqual({ ok: false, message: 'not allowed' });
    }
  });

  for (const [kind, characters] of Object.entries(REFUSED)) {
    it(`refuses ${kind} anywhere in the text`, () => {
      for (const c of characters) {
        for (const text of [`${c}Lions`, `Lio${c}ns`, `Lions${c}`, c.repeat(5)]) {
          expect(validateText(text, FIELD), JSON.stringify(text)).toEqual({ ok: false, message: 'not allowed' });
        }
      }
    });
  }

  it('refuses a title of zero-width characters only, the issue 10 case', () => {
    expect(validateText('\u200b\u200b\u200b\u200b', FIELD)).toEqual({ ok: false, message: 'not allowed' });
    expect(validateText('\u200b\u200c\u2060\ufeff', FIELD)).toEqual({ ok: false, message: 'not allowed' });
  });

  it('refuses the right-to-left override that flips how a name reads ("Bears" shown as "sraeB")', () => {
    expect(validateText('\u202eBears', FIELD)).toEqual({ ok: false, message: 'not allowed' });
    expect(validateText('Lions \u2067vs\u2069 Bears', FIELD)).toEqual({ ok: false, message: 'not allowed' });
  });

  it(`allows ${MAX_COMBINING_MARKS} combining marks on one letter, refuses a taller stack`, () => {
    // Marks with no precomposed letter, so NFC cannot merge any of them into the letter.
    const marks = '\u0350\u0351\u0352\u0357\u0358';
    expect(validateText(`Ba${marks.slice(0, MAX_COMBINING_MARKS)}rs`, FIELD).ok).toBe(true);
    expect(validateText(`Ba${marks}rs`, FIELD)).toEqual({ ok: false, message: 'not allowed' });
    // Data hidden in variation selectors after an emoji ("emoji smuggling").
    expect(validateText(`🏈${'\ufe01'.repeat(40)}`, FIELD)).toEqual({ ok: false, message: 'not allowed' });
  });

  it('a text that shows nothing is too short (empty, spaces, combining marks alone)', () => {
    for (const text of ['', '   ', '\t\n', '\u0301\u0301\u0301']) {
      expect(validateText(text, FIELD), JSON.stringify(text)).toEqual({ ok: false, message: 'too short' });
    }
  });

  it('counts characters as people see them: min and max length', () => {
    expect(validateText('ab', FIELD)).toEqual({ ok: false, message: 'too short' });
    expect(validateText('a    b', FIELD)).toEqual({ ok: true, value: 'a b' });
    expect(validateText('x'.repeat(20), FIELD).ok).toBe(true);
    expect(validateText('x'.repeat(21), FIELD)).toEqual({ ok: false, message: 'too long' });
    expect(validateText('🏈'.repeat(20), FIELD).ok).toBe(true);
    expect(textLength('🏈'.repeat(20))).toBe(20);
    // 255,000 characters are refused, not stored.
    expect(validateText('x'.repeat(255_000), FIELD)).toEqual({ ok: false, message: 'too long' });
  });

  it('any refused character inserted anywhere into a valid text makes it refused (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 3, maxLength: 15, unit: fc.constantFrom(...'abcXYZ 09-é'.split('')) }),
        fc.constantFrom(...REFUSED_CHARACTERS),
        fc.nat(),
        (base, bad, at) => {
          fc.pre(validateText(base, FIELD).ok);
          const i = at % (base.length + 1);
          expect(validateText(base.slice(0, i) + bad + base.slice(i), FIELD)).toEqual({ ok: false, message: 'not allowed' });
        },
      ),
    );
  });

  it('what it accepts is normalized, allowed, visible, within bounds, and accepted again unchanged (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (raw) => {
        const result = validateText(raw, FIELD);
        if (!result.ok) return;
        const value = result.value;
        expect(value).toBe(normalizeText(value));
        expect(value).toBe(value.trim());
        expect(value).not.toMatch(/\s{2}/u);
        expect(hasDisallowedCharacters(value)).toBe(false);
        expect(textLength(value)).toBeGreaterThanOrEqual(3);
        expect(textLength(value)).toBeLessThanOrEqual(20);
        expect(validateText(value, FIELD)).toEqual(result);
      }),
    );
  });
});

describe('validateOptionalText', () => {
  it('blank or missing is none', () => {
    for (const raw of [undefined, null, '', '   ', '\n\n']) expect(validateOptionalText(raw, NOTES)).toEqual({ ok: true, value: null });
  });

  it('keeps line breaks of notes and refuses what validateText refuses', () => {
    expect(validateOptionalText('Row 3 please\r\nThanks!', NOTES)).toEqual({ ok: true, value: 'Row 3 please\nThanks!' });
    expect(validateOptionalText('pay\u202e later', NOTES)).toEqual({ ok: false, message: 'not allowed' });
    expect(validateOptionalText('\u200b', NOTES)).toEqual({ ok: false, message: 'not allowed' });
    expect(validateOptionalText('\u0301', NOTES)).toEqual({ ok: false, message: 'not allowed' });
    expect(validateOptionalText('x'.repeat(51), NOTES)).toEqual({ ok: false, message: 'too long' });
    // A control character is refused in a multi-line text too; only the line break is kept.
    expect(validateOptionalText('a\u0000b', NOTES)).toEqual({ ok: false, message: 'not allowed' });
  });
});

describe('countOf', () => {
  it('says a count with its noun: one in the singular, any other number in the plural', () => {
    expect([0, 1, 2, 100].map((n) => countOf(n, 'square'))).toEqual(['0 squares', '1 square', '2 squares', '100 squares']);
    expect([1, 3].map((n) => countOf(n, 'person', 'people'))).toEqual(['1 person', '3 people']);
  });
});
