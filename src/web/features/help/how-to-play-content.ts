/**
 * How to Play texts (DECISIONS D27: the spec gives none; written from its game flow, section 1).
 * Used by the /how-to-play guide, the home page's list and the top bar's side sheet. Periods as
 * periods.ts has them (quarters; halves for college basketball), and D37's overtime rule.
 */
import { OVERTIME_RULE } from '@core/periods';

export interface HowToPlayStep {
  title: string;
  body: string;
}

/** The six steps of the /how-to-play guide (spec: How to Play has 6 steps). */
export const HOW_TO_PLAY_STEPS: readonly HowToPlayStep[] = [
  {
    title: 'Pick a game',
    body: 'Browse the games and open one. Every game has a board of 100 squares, 10 rows by 10 columns, or a smaller one of 50 or 25 squares, and a set price per square.',
  },
  {
    title: 'Claim your squares',
    body: 'Sign in, choose the empty squares you want and pay for them by card. Each square you buy is yours for the whole game, and you can buy as many as are still free.',
  },
  {
    title: 'The numbers are drawn',
    body: 'Once the board is full, the digits 0 to 9 are drawn at random for each team: one set along the rows for Team A and one set along the columns for Team B. Nobody knows their numbers before the draw, not even the organizer, and anyone can check them afterwards.',
  },
  {
    title: 'Know your numbers',
    body: "Each of your squares now has two digits: its row's digit for Team A and its column's digit for Team B. Those two digits are what you cheer for all game long.",
  },
  {
    title: 'Each quarter picks a winner',
    body: `At the end of every quarter, take the last digit of each team's score. The square where Team A's digit meets Team B's digit wins that quarter. A score of 17 to 10 means the row marked 7 and the column marked 0. College basketball is played in two halves, so there each half picks a winner. ${OVERTIME_RULE}`,
  },
  {
    title: 'Collect your winnings',
    body: "Each of the four quarters (the two halves in college basketball) pays its winner a share of the pot, as set for the game: one of the usual splits, or the organizer's own shares, which may keep a part for the organizer or a charity. The game's board shows each share and what it pays. If nobody bought the winning square, the game says what happens to its money: the organizer keeps it, or it rolls forward and the next quarter (or half) pays that much more (after the Final, to the organizer's or charity's share). My Winnings shows what you won and whether it has been paid.",
  },
];

/** The short list on the home page and in the side sheet. */
export const HOW_TO_PLAY_SUMMARY: readonly string[] = [
  'Pick a game and claim as many empty squares as you like.',
  'When every square is taken, the digits 0 to 9 are drawn at random for both teams.',
  "At the end of each quarter, the last digit of each team's score picks the winning square.",
  `Each quarter (each half in college basketball) pays its winner a share of the pot. ${OVERTIME_RULE}`,
];

/**
 * D36: the smaller boards, after the six steps of the guide and in the side sheet: what changes
 * (two digits on a line) and what does not (price, pot, payouts).
 */
export const HOW_TO_PLAY_BOARD_SIZES = {
  title: 'Boards of 50 and 25 squares',
  lines: [
    "A game may use a smaller board for a smaller group. The price, the pot and the payouts work the same way; the game's card and board say its size.",
    "A board of 50 squares has 5 rows and 10 columns: each row carries two of Team A's digits, each column one of Team B's.",
    'A board of 25 squares has 5 rows and 5 columns: each row and each column carries two digits.',
    "The winning square is the one whose row carries Team A's last digit and whose column carries Team B's. A row marked 3\u00a0/\u00a08 wins when Team A's score ends in 3 or in 8.",
  ],
} as const;

/**
 * D35 and D38: when numbers are drawn and why nobody can steer them, after the board sizes in
 * the guide and the side sheet.
 */
export const HOW_TO_PLAY_DRAWS = {
  title: 'How the numbers are drawn',
  lines: [
    'A game draws one set of numbers for the whole game, a new set each quarter, or a new set at halftime, as its organizer chose. The board shows every set and the quarters (or halves) it counts for; each period is won with its own set.',
    'Nobody can know or choose the numbers before they are drawn, not even the organizer or whoever runs this site. Before a set is drawn its ticket is on the board: the game, the set, a fingerprint of who owns every square, and a future round of the public drand randomness beacon. The digits come from that round once it is out.',
    'A game made while the beacon could not be reached draws from a secret seed instead, whose fingerprint is on the board from the start and which is published with the numbers. Its weakness, said on the board: someone who reads the seed early could know the numbers.',
    "Anyone can check a game's numbers on its Verify page, or recompute them with the published values.",
  ],
} as const;
