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
    caption: 'Choose any empty squares on the 10x10 board. Once paid for, they are yours for the whole game.',
    src: '/tutorial/pick-squares.svg',
    width: 720,
    height: 480,
    description:
      "The board has 100 squares in 10 rows and 10 columns. Team A's digits run down the side and Team B's digits along the top; they stay hidden until the board is full. Some squares are already claimed by other players. You pick the empty squares you want, pay for them by card, and they are yours for the whole game.",
  },
  {
    title: 'The scores pick the winner',
    caption: "At the end of each quarter, take the last digit of each team's score. The square where that row and column meet wins.",
    src: '/tutorial/quarter-winner.svg',
    width: 720,
    height: 480,
    description:
      "Once the board is full, the digits 0 to 9 are drawn at random for each team. At the end of a quarter the score is Team A 17, Team B 10, so the last digits are 7 and 0. The row marked 7 for Team A meets the column marked 0 for Team B, and the square where they cross wins that quarter's share of the pot.",
  },
];
