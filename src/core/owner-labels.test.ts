import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABEL_LENGTH, nameParts, OWNER_COLOURS, ownerColours, ownerKey, ownerLabels } from './owner-labels';

describe('nameParts', () => {
  it('splits camel case, separators and digits', () => {
    expect(nameParts('CoachDana')).toEqual(['Coach', 'Dana']);
    expect(nameParts('dana_smith')).toEqual(['dana', 'smith']);
    expect(nameParts('bob42')).toEqual(['bob', '42']);
    expect(nameParts('__')).toEqual([]);
  });
});

describe('ownerLabels (D44)', () => {
  it('uses initials for names of several words and the first letters otherwise', () => {
    const labels = ownerLabels(['CoachDana', 'bob', 'mary.jane.watson']);
    expect(labels.get('CoachDana')).toBe('CD');
    expect(labels.get('bob')).toBe('Bob');
    expect(labels.get('mary.jane.watson')).toBe('MJW');
  });

  it('gives look-alike names different labels', () => {
    const labels = ownerLabels(['CoachDana', 'CoachDave', 'Dana', 'Danny', 'dan', 'DAN_']);
    expect(labels.get('CoachDana')).toBe('CD');
    expect(labels.get('CoachDave')).toBe('CDa');
    expect(labels.get('Dana')).toBe('Dan');
    expect(labels.get('Danny')).toBe('Day');
    const values = [...labels.values()].map((label) => label.toLowerCase());
    expect(new Set(values).size).toBe(values.length);
  });

  it('falls back to a letter and a number when every natural label is taken', () => {
    const labels = ownerLabels(['ab', 'Ab', 'AB']);
    expect([...labels.values()]).toEqual(['Ab', 'A2', 'A3']);
  });

  it('never gives two owners of one board the same label, and keeps labels short', () => {
    const username = fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/);
    fc.assert(
      fc.property(fc.uniqueArray(username, { maxLength: 100, comparator: (a, b) => a === b }), (names) => {
        const labels = ownerLabels(names);
        const seen = new Set<string>();
        for (const name of names) {
          const label = labels.get(name)!;
          expect(label.length).toBeGreaterThan(0);
          expect(Array.from(label).length).toBeLessThanOrEqual(LABEL_LENGTH);
          expect(seen.has(label.toLowerCase())).toBe(false);
          seen.add(label.toLowerCase());
        }
      }),
    );
  });

  it('depends only on the names and their order', () => {
    const names = ['zed', 'amy', 'CoachDana'];
    expect(ownerLabels(names)).toEqual(ownerLabels([...names]));
  });
});

describe('ownerColours (D44)', () => {
  it('hands colours out in order of appearance and repeats past the palette', () => {
    const names = Array.from({ length: OWNER_COLOURS + 2 }, (_, i) => `p${i}`);
    const colours = ownerColours(['p0', ...names]);
    expect(colours.get('p0')).toBe(0);
    expect(colours.get('p1')).toBe(1);
    expect(colours.get(`p${OWNER_COLOURS}`)).toBe(0);
    expect(colours.size).toBe(OWNER_COLOURS + 2);
  });
});

describe('ownerKey (D44: what each short label stands for)', () => {
  it('lists each owner once, in order of first appearance, with the label and colour their squares get', () => {
    const owners = [
      { name: 'coach_dana', noAccount: false },
      { name: 'Li Wei', noAccount: true },
      { name: 'coach_dana', noAccount: false },
      { name: 'CoachDan', noAccount: false },
    ];
    expect(ownerKey(owners)).toEqual([
      { label: 'CD', colour: 0, name: 'coach_dana', noAccount: false },
      { label: 'LW', colour: 1, name: 'Li Wei', noAccount: true },
      { label: 'CDa', colour: 2, name: 'CoachDan', noAccount: false },
    ]);
  });

  it('has one line per owner and labels unique ignoring case, whatever the board', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 12 }), noAccount: fc.boolean() }), { maxLength: 100 }), (owners) => {
        const key = ownerKey(owners);
        const labels = ownerLabels(owners.map((owner) => owner.name));
        expect(key.map((entry) => entry.name)).toEqual([...new Set(owners.map((owner) => owner.name))]);
        expect(new Set(key.map((entry) => entry.label.toLowerCase())).size).toBe(key.length);
        for (const entry of key) expect(entry.label).toBe(labels.get(entry.name));
      }),
    );
  });
});
