/**
 * The home page's Visual Tutorial (spec section 1: a dialog with 2 images that can be paged
 * through and wraps around; a missing image gives a text fallback). The images are ours, drawn
 * as SVG in public/tutorial/ (served from our own origin: the CSP allows img-src 'self').
 * `description` is the image's alt text and the text shown when the image cannot be loaded.
 */

export interface TutorialImage {
  title: string;
  /** The line under the image. */
  caption: string;
  src: string;
  width: number;
  height: number;
  description: string;
}

export const TUTORIAL_IMAGES: readonly TutorialImage[] = [
  {
    title: 'Pick your squares',
    caption: 'Choose any empty squares on the board of 100, 50 or 25 squares. Once paid for, they are yours for the whole game.',
    src: '/tutorial/pick-squares.svg',
    width: 720,
    height: 480,
    description:
      "This board has 100 squares in 10 rows and 10 columns; a smaller board has 50 squares (5 rows of two digits each) or 25 (5 rows and 5 columns of two digits each). Team A's digits run down the side and Team B's digits along the top; they stay hidden until the board is full. Some squares are already claimed by other players. You pick the empty squares you want, pay for them by card, and they are yours for the whole game.",
  },
  {
    title: 'The scores pick the winner',
    caption: "At the end of each quarter (or half), take the last digit of each team's score. The square whose row and column carry those digits wins.",
    src: '/tutorial/quarter-winner.svg',
    width: 720,
    height: 480,
    description:
      "Once the board is full, the digits 0 to 9 are drawn at random for each team. At the end of a quarter the score is Team A 17, Team B 10, so the last digits are 7 and 0. The row marked 7 for Team A meets the column marked 0 for Team B, and the square where they cross wins that quarter's share of the pot. On a 50- or 25-square board a row or column carries two digits: the square whose row holds 7 and whose column holds 0 wins.",
  },
];
