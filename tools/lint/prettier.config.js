// One format for the code (npm run format writes it; npm test checks it). Wide lines, as the code
// was written before a tool held the format.
export default {
  printWidth: 160,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  arrowParens: 'always',
};
