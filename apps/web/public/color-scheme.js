// Runs synchronously in <head>: the saved scheme (Mantine's key), else the system's.
(() => {
  let scheme = 'light';
  try {
    const saved = window.localStorage.getItem('mantine-color-scheme-value');
    if (saved === 'light' || saved === 'dark') scheme = saved;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // Storage can be blocked; keep light.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
