import fc from 'fast-check';
import { QUARTER_MODEL } from './periods';
import type { GameFormInput } from './schemas';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  GAME_FORM_DEFAULTS,
  emailSchema,
  forgotPasswordSchema,
  gameFormSchema,
  gameUpdateSchema,
  loginSchema,
  passwordSchema,
  priceSchema,
  periodScoreSchema,
  signupSchema,
  usernameSchema,
  validateGameForm,
} from './schemas';
import {
  DEFAULT_GAME_TYPE,
  GAME_TYPES,
  GAME_TYPE_LABELS,
  PASSWORD_SPECIAL_CHARACTERS,
  areAllPeriodScoresValid,
  checkPasswordRules,
  isGameType,
  isPeriodScoreValid,
  normalizeEmail,
  passwordStrengthMessage,
  sanitizeScoreInput,
  validateEmail,
  validateForgotPasswordEmail,
  validateLogin,
  validatePassword,
  validatePrice,
  validateScore,
  validateSignup,
  suggestUsername,
  validateUsername,
  validateDisplayUsername,
  validatePersonEmail,
} from './validation';
import { INVALID_EMAIL, ORGANIZER_TOOL_ERRORS } from './messages';

/** The one message a schema reports for an input, or null when it parses. */
function schemaMessage(schema: z.ZodType, input: unknown): string | null {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '(no message)');
}

const STRONG = 'Secret#2026';

describe('email', () => {
  it('is trimmed and lower-cased before use', () => {
    expect(normalizeEmail('  Alice@Example.COM \n')).toBe('alice@example.com');
    expect(validateEmail(' Alice@Example.com ')).toEqual({ ok: true, value: 'alice@example.com' });
    expect(emailSchema.parse(' Bob@Example.org')).toBe('bob@example.org');
  });

  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'x@y.z'])('accepts %s', (email) => {
    expect(validateEmail(email).ok).toBe(true);
  });

  it.each(['', 'alice', 'alice@', '@example.com', 'alice@example', 'al ice@example.com', 'a@b@c.com', 'alice@ex ample.com'])(
    'rejects %j with the spec message',
    (email) => {
      expect(validateEmail(email)).toEqual({ ok: false, message: 'Please enter a valid email address' });
      expect(schemaMessage(emailSchema, email)).toBe('Please enter a valid email address');
    },
  );
});

describe('password policy (D7)', () => {
  it('lists every rule in order with its spec message', () => {
    expect(checkPasswordRules('')).toEqual([
      { id: 'length', message: 'Password must be at least 8 characters long', met: false },
      { id: 'uppercase', message: 'Password must contain at least one uppercase letter', met: false },
      { id: 'lowercase', message: 'Password must contain at least one lowercase letter', met: false },
      { id: 'number', message: 'Password must contain at least one number', met: false },
      { id: 'special', message: 'Password must contain at least one special character', met: false },
    ]);
    expect(checkPasswordRules(STRONG).every((rule) => rule.met)).toBe(true);
  });

  it.each([
    ['Sec#2026', 'Password is strong'],
    ['Se#2026', 'Password must be at least 8 characters long'],
    ['secret#2026', 'Password must contain at least one uppercase letter'],
    ['SECRET#2026', 'Password must contain at least one lowercase letter'],
    ['Secret#Twenty', 'Password must contain at least one number'],
    ['Secret2026', 'Password must contain at least one special character'],
    ['Secret-2026', 'Password must contain at least one special character'],
    ['Secret_2026 ', 'Password must contain at least one special character'],
  ])('%j: %s', (password, message) => {
    expect(passwordStrengthMessage(password)).toBe(message);
    expect(schemaMessage(passwordSchema, password)).toBe(message === 'Password is strong' ? null : message);
  });

  it('accepts each of the special characters !@#$%^&*(),.?":{}|<> and only those', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe('!@#$%^&*(),.?":{}|<>');
    for (const c of PASSWORD_SPECIAL_CHARACTERS) expect(validatePassword(`Secret2026${c}`).ok).toBe(true);
    for (const c of "-_+=~`[]\\/;' ") expect(validatePassword(`Secret2026${c}`).ok).toBe(false);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validatePassword('Aa1!😀😀😀').ok).toBe(false);
    expect(validatePassword('Aa1!😀😀😀😀').ok).toBe(true);
  });

  it('agrees with a plain regular-expression reading of the policy on every ASCII password', () => {
    const oracle = (p: string) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p) && /[!@#$%^&*(),.?":{}|<>]/.test(p);
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 16 }), (password) => {
        expect(validatePassword(password).ok).toBe(oracle(password));
        expect(checkPasswordRules(password).every((r) => r.met)).toBe(oracle(password));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('login', () => {
  it.each([
    [{ email: '', password: '' }, 'Please fill in all fields: Email, Password'],
    [{ email: '   ', password: 'x' }, 'Please fill in all fields: Email'],
    [{ email: 'a@b.co', password: '' }, 'Please fill in all fields: Password'],
    [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
  ])('%j: %s', (input, message) => {
    expect(validateLogin(input)).toEqual({ ok: false, message });
    expect(schemaMessage(loginSchema, input)).toBe(message);
  });

  it('passes the normalized email and the password as typed', () => {
    const expected = { email: 'alice@example.com', password: ' any Pass ' };
    expect(validateLogin({ email: ' Alice@Example.com', password: ' any Pass ' })).toEqual({ ok: true, value: expected });
    expect(loginSchema.parse({ email: ' Alice@Example.com', password: ' any Pass ' })).toEqual(expected);
  });

  it('treats absent fields as missing', () => {
    expect(schemaMessage(loginSchema, {})).toBe('Please fill in all fields: Email, Password');
  });
});

describe('signup', () => {
  const valid = { email: 'Alice@Example.com', username: ' alice ', password: STRONG, confirmPassword: STRONG };

  it('returns the normalized email, the trimmed username and the password', () => {
    const expected = { email: 'alice@example.com', username: 'alice', password: STRONG };
    expect(validateSignup(valid)).toEqual({ ok: true, value: expected });
    expect(signupSchema.parse(valid)).toEqual(expected);
  });

  it('lists exactly the missing fields, in form order', () => {
    const fields = ['email', 'username', 'password', 'confirmPassword'] as const;
    const names = { email: 'Email', username: 'Username', password: 'Password', confirmPassword: 'Confirm Password' };
    fc.assert(
      fc.property(fc.subarray([...fields], { minLength: 1 }), (missing) => {
        const input = { ...valid };
        for (const field of missing) input[field] = '';
        const message = `Please fill in all fields: ${missing.map((f) => names[f]).join(', ')}`;
        expect(validateSignup(input)).toEqual({ ok: false, message });
        expect(schemaMessage(signupSchema, input)).toBe(message);
      }),
    );
    expect(schemaMessage(signupSchema, {})).toBe('Please fill in all fields: Email, Username, Password, Confirm Password');
  });

  it.each([
    [{ email: 'alice' }, 'Please enter a valid email address'],
    [{ confirmPassword: 'Secret#2027' }, 'Passwords do not match'],
    [{ username: 'al' }, 'Username must be at least 3 characters long'],
    [{ username: '  al  ' }, 'Username must be at least 3 characters long'],
    [{ password: 'weakpass', confirmPassword: 'weakpass' }, 'Password must contain at least one uppercase letter'],
    // The spec's order: email, then match, then username, then strength.
    [{ email: 'alice', confirmPassword: 'other' }, 'Please enter a valid email address'],
    [{ confirmPassword: 'other', username: 'al' }, 'Passwords do not match'],
    [{ username: 'al', password: 'weak', confirmPassword: 'weak' }, 'Username must be at least 3 characters long'],
  ])('%j: %s', (change, message) => {
    expect(validateSignup({ ...valid, ...change })).toEqual({ ok: false, message });
  });

  it('checks a username alone', () => {
    expect(validateUsername(' bob ')).toEqual({ ok: true, value: 'bob' });
    expect(schemaMessage(usernameSchema, 'bo')).toBe('Username must be at least 3 characters long');
  });

  it.each(['Bob', 'bob_smith', 'b.o.b', 'bob-2026', '___', 'A1.', 'x'.repeat(30)])('takes the username %j', (username) => {
    expect(validateUsername(username)).toEqual({ ok: true, value: username });
  });

  it.each([
    ['x'.repeat(31), 'Username must be at most 30 characters long'],
    ['bob smith', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    ['bob\u200b', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    ['b\u202eob', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    ['bob\u0000', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    // Look-alikes from other scripts: Cyrillic а, Greek ο, dotless ı, full-width letters.
    ['\u0430dmin', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    ['b\u03bfb', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    ['adm\u0131n', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    ['\uff42\uff4f\uff42', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    ['José', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    ['<b>Tom&Jerry</b>', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
    ['bob@example.com', 'A username is 3-30 characters: letters (A-Z), digits and _ . - only, no spaces.'],
  ])('refuses the username %j: %s', (username, message) => {
    expect(validateUsername(username)).toEqual({ ok: false, message });
    expect(schemaMessage(usernameSchema, username)).toBe(message);
    expect(validateSignup({ ...valid, username })).toEqual({ ok: false, message });
  });

  it('offers a username close to a refused one: spaces become _, accents and other characters go', () => {
    expect(suggestUsername('Amy Rodriguez')).toBe('Amy_Rodriguez');
    expect(suggestUsername('  Mary  Jo  Smith ')).toBe('Mary_Jo_Smith');
    expect(suggestUsername('José')).toBe('Jose');
    expect(suggestUsername('bob@example.com')).toBe('bobexample.com');
    expect(suggestUsername('x'.repeat(20) + ' ' + 'y'.repeat(20))).toBe('x'.repeat(20) + '_' + 'y'.repeat(9));
    // Nothing to offer: already allowed, or nothing allowed is left.
    expect(suggestUsername('Amy_Rodriguez')).toBeNull();
    expect(suggestUsername('\u0430\u0431\u0432')).toBeNull();
    expect(suggestUsername('a b')).toBe('a_b');
    expect(suggestUsername('!!')).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (typed) => {
        const suggestion = suggestUsername(typed);
        return suggestion === null || (validateUsername(suggestion).ok && suggestion !== typed.trim());
      }),
    );
  });

  it('a display name may differ from its username only in letter case', () => {
    expect(validateDisplayUsername('BobSmith', 'bobsmith')).toEqual({ ok: true, value: 'BobSmith' });
    expect(validateDisplayUsername(' BOB.smith ', 'bob.smith')).toEqual({ ok: true, value: 'BOB.smith' });
    // NFC turns the Kelvin sign into the letter K: what is stored is plain ASCII.
    expect(validateUsername('\u212Aevin')).toEqual({ ok: true, value: 'Kevin' });
    expect(validateDisplayUsername('\u212AEVIN', 'kevin')).toEqual({ ok: true, value: 'KEVIN' });
    for (const display of ['alice', 'bobsmith2', 'Bob Smith', 'bobsmit', 'bobsm\u0131th', 'bobsmith\u200b', '\u202ebobsmith', 'x'.repeat(255_000)]) {
      expect(validateDisplayUsername(display, 'bobsmith'), JSON.stringify(display.slice(0, 20))).toEqual({
        ok: false,
        message: 'Your display name can differ from your username only in upper and lower case.',
      });
    }
  });
});

describe('forgot password', () => {
  it.each([
    ['', 'Please enter your email address'],
    ['   ', 'Please enter your email address'],
    ['alice', 'Please enter a valid email address'],
  ])('%j: %s', (email, message) => {
    expect(validateForgotPasswordEmail(email)).toEqual({ ok: false, message });
    expect(schemaMessage(forgotPasswordSchema, { email })).toBe(message);
  });

  it('passes the normalized email', () => {
    expect(validateForgotPasswordEmail(' A@B.co ')).toEqual({ ok: true, value: 'a@b.co' });
    expect(forgotPasswordSchema.parse({ email: ' A@B.co ' })).toEqual({ email: 'a@b.co' });
    expect(schemaMessage(forgotPasswordSchema, {})).toBe('Please enter your email address');
  });
});

describe('game form', () => {
  const valid = { title: ' Super Bowl LX ', team_a: ' Chiefs ', team_b: 'Eagles', price_per_square: 10 };

  it('has the five game types with their labels, nfl by default', () => {
    expect(GAME_TYPES).toEqual(['nfl', 'college-football', 'nba', 'college-basketball', 'other']);
    expect(GAME_TYPES.map((t) => GAME_TYPE_LABELS[t])).toEqual(['NFL Football', 'College Football', 'NBA Basketball', 'College Basketball', 'Other Sport']);
    expect(DEFAULT_GAME_TYPE).toBe('nfl');
    expect(isGameType('nba')).toBe(true);
    expect(isGameType('NBA')).toBe(false);
  });

  it('starts with empty title and teams, $10, nfl and even payouts, paid by card, no instructions or pay-by time', () => {
    expect(GAME_FORM_DEFAULTS).toEqual({
      title: '',
      team_a: '',
      team_b: '',
      price_per_square: 10,
      game_type: 'nfl',
      payout_schedule: 'even',
      payout_shares: null,
      organizer_percent: null,
      organizer_label: 'Organizer',
      unbought_rule: 'house',
      payment_method: 'card',
      payment_instructions: null,
      pay_by: null,
      max_squares_per_player: null,
      visibility: 'public',
      board_size: 100,
      number_sets: 'game',
      kickoff_at: null,
      time_zone: null,
      draw_at_kickoff: false,
    });
  });

  it('shows each field its message when submitted untouched', () => {
    expect(validateGameForm(GAME_FORM_DEFAULTS)).toEqual({
      ok: false,
      errors: {
        title: 'Title must be at least 3 characters',
        team_a: 'Team A is required',
        team_b: 'Team B is required',
      },
    });
  });

  it('trims text and fills in the optional game type, payout schedule and payment method', () => {
    expect(validateGameForm(valid)).toEqual({
      ok: true,
      value: {
        title: 'Super Bowl LX',
        team_a: 'Chiefs',
        team_b: 'Eagles',
        price_per_square: 10,
        game_type: 'nfl',
        payout_schedule: 'even',
        payout_shares: null,
        organizer_percent: null,
        organizer_label: 'Organizer',
        unbought_rule: 'house',
        payment_method: 'card',
        payment_instructions: null,
        pay_by: null,
        max_squares_per_player: null,
        visibility: 'public',
        board_size: 100,
        number_sets: 'game',
        kickoff_at: null,
        time_zone: null,
        draw_at_kickoff: false,
      },
    });
    expect(validateGameForm({ ...valid, board_size: '25' as never })).toMatchObject({ ok: true, value: { board_size: 25 } });
    expect(validateGameForm({ ...valid, board_size: 30 })).toEqual({ ok: false, errors: { board_size: 'Board size must be 100, 50 or 25 squares' } });
    expect(validateGameForm({ ...valid, board_size: 25, max_squares_per_player: 26 })).toEqual({
      ok: false,
      errors: { max_squares_per_player: 'Squares per player must be a whole number from 1 to 25, or empty for no limit' },
    });
    expect(gameFormSchema.parse({ ...valid, price_per_square: '25', game_type: 'nba', payout_schedule: 'final-heavy' })).toMatchObject({
      price_per_square: 25,
      game_type: 'nba',
      payout_schedule: 'final-heavy',
    });
  });

  it.each([
    [{ title: 'ab' }, 'title', 'Title must be at least 3 characters'],
    [{ title: '  ab   ' }, 'title', 'Title must be at least 3 characters'],
    [{ team_a: '   ' }, 'team_a', 'Team A is required'],
    [{ team_b: '' }, 'team_b', 'Team B is required'],
    [{ price_per_square: 0 }, 'price_per_square', 'Price must be at least $1'],
    [{ price_per_square: '10001' }, 'price_per_square', 'Price cannot exceed $10,000'],
    [{ price_per_square: '' }, 'price_per_square', 'Price must be a number'],
    [{ price_per_square: 2.5 }, 'price_per_square', 'Price must be a whole number of dollars'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    [{ team_a: 'x'.repeat(51) }, 'team_a', 'Team names must be at most 50 characters'],
    [{ team_b: 'x'.repeat(51) }, 'team_b', 'Team names must be at most 50 characters'],
    [{ game_type: 'cricket' }, 'game_type', 'Please choose a game type from the list'],
    [{ payout_schedule: 'half' }, 'payout_schedule', 'Please choose a payout schedule from the list'],
  ])('%j: %s gets %s', (change, field, message) => {
    expect(validateGameForm({ ...valid, ...(change as object) } as GameFormInput)).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('gives absent text fields the same message as empty ones', () => {
    expect(schemaMessage(gameFormSchema, { team_a: 'A', team_b: 'B', price_per_square: 5 })).toBe('Title must be at least 3 characters');
    expect(schemaMessage(gameFormSchema, { title: 'Title', team_b: 'B', price_per_square: 5 })).toBe('Team A is required');
    expect(schemaMessage(gameFormSchema, { title: 'Title', team_a: 'A', team_b: 'B' })).toBe('Price must be a number');
  });

  it('takes the longest title and team names allowed', () => {
    expect(validateGameForm({ ...valid, title: 'x'.repeat(100), team_a: 'a'.repeat(50), team_b: 'b'.repeat(50) }).ok).toBe(true);
  });

  it.each([
    [{ title: '\u200b\u200b\u200b\u200b' }, 'title', 'Title contains characters that are not allowed.'],
    [{ title: 'Super\u0000Bowl' }, 'title', 'Title contains characters that are not allowed.'],
    [{ title: '\u202eSuper Bowl' }, 'title', 'Title contains characters that are not allowed.'],
    [{ title: 'Super \u2066Bowl\u2069' }, 'title', 'Title contains characters that are not allowed.'],
    [{ title: '\u0301\u0301\u0301' }, 'title', 'Title must be at least 3 characters'],
    [{ team_a: '\u200b' }, 'team_a', 'Team A contains characters that are not allowed.'],
    [{ team_a: 'Chiefs\u009b' }, 'team_a', 'Team A contains characters that are not allowed.'],
    [{ team_b: '\u202dEagles' }, 'team_b', 'Team B contains characters that are not allowed.'],
    [{ team_b: '\u3164' }, 'team_b', 'Team B contains characters that are not allowed.'],
  ])('%j: %s gets %s (issue 10: invisible and control characters)', (change, field, message) => {
    expect(validateGameForm({ ...valid, ...(change as object) } as GameFormInput)).toEqual({ ok: false, errors: { [field]: message } });
    expect(schemaMessage(gameUpdateSchema, change)).toBe(message);
  });

  it('normalizes title and team names: NFC, trimmed, one space between words', () => {
    expect(validateGameForm({ ...valid, title: ' Cafe\u0301   Bowl\t2026 ', team_a: 'Los\u00a0\u00a0Angeles', team_b: 'New\nYork' })).toMatchObject({
      ok: true,
      value: { title: 'Café Bowl 2026', team_a: 'Los Angeles', team_b: 'New York' },
    });
  });

  it('counts the length of a title in characters as people see them', () => {
    expect(validateGameForm({ ...valid, title: '🏈'.repeat(100) }).ok).toBe(true);
    expect(validateGameForm({ ...valid, title: '🏈'.repeat(101) })).toEqual({ ok: false, errors: { title: 'Title must be at most 100 characters' } });
  });

  it('takes partial updates without filling in defaults', () => {
    expect(gameUpdateSchema.parse({})).toEqual({});
    expect(gameUpdateSchema.parse({ title: ' New title ' })).toEqual({ title: 'New title' });
    expect(schemaMessage(gameUpdateSchema, { title: 'ab' })).toBe('Title must be at least 3 characters');
    expect(schemaMessage(gameUpdateSchema, { price_per_square: 0 })).toBe('Price must be at least $1');
  });
});

describe('price per square', () => {
  it.each([
    [1, 1],
    [10, 10],
    [10_000, 10_000],
    ['10', 10],
    [' 25 ', 25],
    ['10.00', 10],
  ])('accepts %j as %i', (input, price) => {
    expect(validatePrice(input)).toEqual({ ok: true, value: price });
    expect(priceSchema.parse(input)).toBe(price);
  });

  it.each([
    [0, 'Price must be at least $1'],
    [-5, 'Price must be at least $1'],
    ['-5', 'Price must be at least $1'],
    [10_001, 'Price cannot exceed $10,000'],
    [1.5, 'Price must be a whole number of dollars'],
    ['0.5', 'Price must be a whole number of dollars'],
    ['', 'Price must be a number'],
    ['ten', 'Price must be a number'],
    ['1e3', 'Price must be a number'],
    ['0x10', 'Price must be a number'],
    ['$10', 'Price must be a number'],
    [Number.NaN, 'Price must be a number'],
    [Infinity, 'Price must be a number'],
  ])('rejects %j: %s', (input, message) => {
    expect(validatePrice(input)).toEqual({ ok: false, message });
    expect(schemaMessage(priceSchema, input)).toBe(message);
  });

  it('rejects what is neither a number nor text', () => {
    expect(schemaMessage(priceSchema, null)).toBe('Price must be a number');
    expect(schemaMessage(priceSchema, true)).toBe('Price must be a number');
  });

  it('accepts exactly the whole dollars from 1 to 10,000, as numbers and as text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20_000, max: 20_000 }), (n) => {
        const inRange = n >= 1 && n <= 10_000;
        expect(validatePrice(n).ok).toBe(inRange);
        expect(validatePrice(String(n)).ok).toBe(inRange);
      }),
    );
  });
});

describe('quarter scores', () => {
  it('keeps digits only, at most 3', () => {
    expect(sanitizeScoreInput('1a2b3c4')).toBe('123');
    expect(sanitizeScoreInput('-5')).toBe('5');
    expect(sanitizeScoreInput(' 7 ')).toBe('7');
    expect(sanitizeScoreInput('1.5')).toBe('15');
    expect(sanitizeScoreInput('abc')).toBe('');
    expect(sanitizeScoreInput('٣')).toBe('');
  });

  it('sanitized input is always up to 3 digits, taken in order from what was typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (raw) => {
        const clean = sanitizeScoreInput(raw);
        expect(clean).toMatch(/^[0-9]{0,3}$/);
        expect(
          [...raw]
            .filter((c) => c >= '0' && c <= '9')
            .join('')
            .startsWith(clean),
        ).toBe(true);
      }),
    );
  });

  it.each([
    ['0', 0],
    ['7', 7],
    ['007', 7],
    ['199', 199],
    [42, 42],
  ])('accepts %j as %i', (input, score) => {
    expect(validateScore(input)).toEqual({ ok: true, value: score });
  });

  it.each([
    ['', 'Score must be a number'],
    ['abc', 'Score must be a number'],
    [Number.NaN, 'Score must be a number'],
    ['-1', 'Score cannot be negative'],
    [-0.5, 'Score cannot be negative'],
    ['200', 'Score cannot exceed 199'],
    [1000, 'Score cannot exceed 199'],
    [7.5, 'Score must be a whole number'],
  ])('rejects %j: %s', (input, message) => {
    expect(validateScore(input)).toEqual({ ok: false, message });
  });

  it('accepts exactly the integers 0-199', () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), (n) => {
        const result = validateScore(n);
        expect(result.ok).toBe(n >= 0 && n <= 199);
        if (result.ok) expect(result.value).toBe(n);
      }),
    );
  });

  it('parses a quarter as the API receives it', () => {
    expect(periodScoreSchema.parse({ team_a_score: 14, team_b_score: '7' })).toEqual({ team_a_score: 14, team_b_score: 7 });
    expect(schemaMessage(periodScoreSchema, { team_a_score: 14, team_b_score: 200 })).toBe('Score cannot exceed 199');
    expect(schemaMessage(periodScoreSchema, { team_a_score: 14 })).toBe('Score must be a number');
  });

  it('enables confirming only when all eight boxes are valid', () => {
    const all = { 1: { teamA: '7', teamB: '3' }, 2: { teamA: '14', teamB: '10' }, 3: { teamA: '21', teamB: '17' }, 4: { teamA: '28', teamB: '24' } };
    expect(areAllPeriodScoresValid(all, QUARTER_MODEL)).toBe(true);
    expect(areAllPeriodScoresValid({ ...all, 3: { teamA: '21', teamB: '' } }, QUARTER_MODEL)).toBe(false);
    expect(areAllPeriodScoresValid({ ...all, 4: { teamA: '200', teamB: '24' } }, QUARTER_MODEL)).toBe(false);
    expect(areAllPeriodScoresValid({ ...all, 1: { teamA: 'x', teamB: '3' } }, QUARTER_MODEL)).toBe(false);
    expect(isPeriodScoreValid({ teamA: '0', teamB: '0' })).toBe(true);
    expect(isPeriodScoreValid({ teamA: '0', teamB: '' })).toBe(false);
  });
});

describe('validatePersonEmail (D29: a named person e-mail the organizer types)', () => {
  it('blank is none; an address is trimmed and lower-cased', () => {
    for (const blank of [undefined, null, '', '   ']) expect(validatePersonEmail(blank)).toEqual({ ok: true, value: null });
    expect(validatePersonEmail('  May@Example.COM ')).toEqual({ ok: true, value: 'may@example.com' });
  });

  it('refuses control, bidi and zero-width characters, over-long addresses and non-addresses, each with its message', () => {
    for (const hidden of ['may\u0000@x.com', 'may\u202e@x.com', 'ma\u200by@x.com', 'ma\u2066y@x.com', 'may\u009b@x.com']) {
      expect(validatePersonEmail(hidden), JSON.stringify(hidden)).toEqual({ ok: false, message: ORGANIZER_TOOL_ERRORS.personEmailNotAllowed });
    }
    expect(validatePersonEmail(`${'m'.repeat(243)}@example.com`)).toEqual({ ok: false, message: ORGANIZER_TOOL_ERRORS.personEmailTooLong });
    expect(validatePersonEmail(`${'m'.repeat(242)}@example.com`).ok).toBe(true);
    expect(validatePersonEmail('may at example.com')).toEqual({ ok: false, message: INVALID_EMAIL });
  });
});
