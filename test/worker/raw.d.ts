// Vite's ?raw imports (a file's text), which the worker tests use for static files.
declare module "*?raw" {
  const text: string;
  export default text;
}
