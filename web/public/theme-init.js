// Runs before first paint so the stored theme and mode never flash. Kept as a file, not inline,
// because the Content-Security-Policy allows scripts from 'self' only.
(function () {
  var root = document.documentElement;
  var theme = "dark";
  var assistant = false;
  try {
    theme = localStorage.getItem("theme") === "light" ? "light" : "dark";
    assistant = localStorage.getItem("personalAssistantMode") === "true";
  } catch (e) {}
  root.classList.add(theme);
  root.style.colorScheme = theme;
  if (assistant) root.classList.add("personal-assistant-mode");
})();
