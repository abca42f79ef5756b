// Runs before first paint (loaded from index.html, no inline script under the CSP).
// Mirrors next-themes: key "theme", values "light" | "dark" | "system", class on <html>.
(function () {
  var root = document.documentElement;
  var theme = 'system';
  try {
    theme = localStorage.getItem('theme') || 'system';
  } catch (e) {
    // No storage (private mode, blocked): the system theme.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
