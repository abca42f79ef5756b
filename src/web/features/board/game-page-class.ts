/** The game page's padding: a little narrower on phones so the board's squares get the room. */
export const GAME_PAGE_CLASS = 'px-3 sm:px-4 md:px-6';
