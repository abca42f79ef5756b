import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellPerson, isPlaceholderEmail, NO_ACCOUNT_MARK, personLabel, playerLabel } from './person';

describe('personLabel (D48)', () => {
  it('says a username, a named person marked "no account", a real address, else the fallback', () => {
    expect(personLabel({ name: 'coach_k', noAccount: false, email: 'k@example.com' })).toBe('coach_k');
    expect(personLabel({ name: 'Aunt May', noAccount: true, email: 'may@example.com' })).toBe('Aunt May (no account)');
    expect(personLabel({ name: null, noAccount: false, email: 'link@example.com' })).toBe('link@example.com');
    expect(personLabel({ name: '  ', noAccount: false })).toBe('a player');
    expect(personLabel({ name: null, noAccount: false, email: null }, 'No winner')).toBe('No winner');
  });

  it('never shows a placeholder address, whatever the facts', () => {
    const placeholder = fc.uuid().map((id) => `named-${id}@named.invalid`);
    fc.assert(
      fc.property(
        fc.option(
          fc.string().filter((s) => !s.includes('.invalid')),
          { nil: null },
        ),
        fc.boolean(),
        placeholder,
        (name, noAccount, email) => {
          expect(personLabel({ name, noAccount, email })).not.toContain('.invalid');
        },
      ),
    );
    expect(isPlaceholderEmail('named-1@NAMED.INVALID ')).toBe(true);
    expect(isPlaceholderEmail('may@example.com')).toBe(false);
  });
});

describe('playerLabel', () => {
  it('says a player row (payments, CSVs) by the one rule', () => {
    expect(playerLabel({ username: 'Aunt May', no_account: true, email: null })).toBe('Aunt May (no account)');
    expect(playerLabel({ username: 'Aunt May', no_account: 1, email: 'may@example.com' })).toBe('Aunt May (no account)');
    expect(playerLabel({ username: 'coach_k', no_account: false, email: 'k@example.com' })).toBe('coach_k');
    expect(playerLabel({ username: null, no_account: false, email: 'named-1@named.invalid' })).toBe('a player');
  });
});

describe('cellPerson (D48 on a board cell)', () => {
  it('gives the name personLabel says without the words, and the flag for the mark', () => {
    expect(cellPerson({ name: 'Li Wei', noAccount: true })).toEqual({ name: 'Li Wei', noAccount: true });
    expect(cellPerson({ name: 'coach_k', noAccount: false, email: 'k@example.com' })).toEqual({ name: 'coach_k', noAccount: false });
    expect(cellPerson({ name: null, noAccount: false, email: 'link@example.com' })).toEqual({ name: 'link@example.com', noAccount: false });
    expect(cellPerson({ name: null, noAccount: true, email: 'named-1@named.invalid' })).toBeNull();
    expect(NO_ACCOUNT_MARK).toBe('no account');
  });

  it('with its mark in words, says exactly what personLabel says', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: null }), fc.boolean(), fc.option(fc.emailAddress(), { nil: null }), (name, noAccount, email) => {
        const cell = cellPerson({ name, noAccount, email });
        const words = cell === null ? 'a player' : cell.noAccount ? `${cell.name} (${NO_ACCOUNT_MARK})` : cell.name;
        expect(words).toBe(personLabel({ name, noAccount, email }));
      }),
    );
  });
});
