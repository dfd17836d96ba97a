// jsdom has no matchMedia: what a stub answers for `query`, matching as the test decides.
export function fakeMediaQueryList(query: string, matches: boolean) {
  return { matches, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false };
}
